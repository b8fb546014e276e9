import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import sharp from 'sharp';
import { Database, redactPersonalDataFromEvents } from '@astro/database';
import { diffProjections, rebuildProjections } from '@astro/ledger';
import { PROJECTIONS } from '../apps/cli/src/projections';
import { connectTemporal, TestPlatform, useTestPlatform } from './support/fixture';
import { createAccount, eventually } from './support/harness';
import { rawHistoryText } from './support/raw-history';
import { createScratchDatabase, ScratchDatabase } from './support/scratch-database';
import { uploadImage } from './support/uploads';

/**
 * No personal data in the event log (docs/security.md, "Personal data and the event log"). The
 * attacker's probe: `POST /v1/horoscope-deliveries {"name":"Jane Roe", …}`, DELETE it, and
 * `select payload from events where payload::text like '%Jane Roe%'` still found the name and the
 * birth data; visual readings kept their `subject_label`, subscriptions their URLs with tokens. Here
 * every kind of object that holds a name, birth data, a label or a URL is made, used and erased,
 * and then the whole `events` table, the raw Temporal history of every workflow of its account and
 * everything logged meanwhile are searched for its personal strings.
 */
let platform: TestPlatform;
let db: Database;
let temporal: { connection: Connection; client: Client };
useTestPlatform(
  async (p) => {
    platform = p;
    db = p.db;
    temporal = await connectTemporal(p.config);
  },
  { worker: true, receiver: true },
);

/** Everything written to the log streams of this process (the API and the worker run in it) while the tests run. */
const logged: string[] = [];
const originalWrites = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
beforeAll(() => {
  const tee =
    (write: typeof process.stdout.write) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      logged.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    };
  process.stdout.write = tee(originalWrites.out) as typeof process.stdout.write;
  process.stderr.write = tee(originalWrites.err) as typeof process.stderr.write;
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const real = console[level].bind(console);
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(
        args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '),
      );
      real(...args);
    });
  }
});
afterAll(async () => {
  process.stdout.write = originalWrites.out;
  process.stderr.write = originalWrites.err;
  jest.restoreAllMocks();
  await temporal.connection.close();
});

const tag = randomBytes(4).toString('hex');
const NAME = `Jane Roe ${tag}`;
/** Birth data of the horoscope delivery's person: a date, a time and a place nobody else in the tests uses. */
const BIRTH = { date: '1979-08-23', time: '04:17', latitude: 13.713579, longitude: 100.246813, timezoneOffsetMinutes: 420 };
const BIRTH_STRINGS = ['1979-08-23', '04:17', '13.713579', '100.246813'];

/** The events' rows of the whole table whose text holds `needle`, with where they are. */
async function eventsHolding(needle: string): Promise<string[]> {
  const rows = await db.query<{ position: string; event_type: string }>(
    `SELECT position, event_type FROM events WHERE payload::text LIKE '%' || $1 || '%' OR metadata::text LIKE '%' || $1 || '%'`,
    [needle],
  );
  return rows.map((r) => `${r.event_type} #${r.position}`);
}

/** The raw history (no codec: what the Temporal server and its Web UI hold) of every workflow of the account, as text. */
async function temporalHistoriesOf(accountId: string): Promise<string> {
  const raw = new Client({ connection: temporal.connection });
  const texts: string[] = [];
  for await (const execution of raw.workflow.list({ query: `AstroAccountId = "${accountId}"` })) {
    texts.push(rawHistoryText(await raw.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory()));
  }
  return texts.join('\n');
}

/** Every place a personal string must be absent from once its object is erased: the log, Temporal, the logs. */
async function expectNowhere(accountId: string, personal: string[]) {
  const histories = await temporalHistoriesOf(accountId);
  const logs = logged.join('\n');
  for (const needle of personal) {
    expect({ needle, events: await eventsHolding(needle) }).toEqual({ needle, events: [] });
    expect({ needle, temporal: histories.includes(needle) }).toEqual({ needle, temporal: false });
    expect({ needle, logs: logs.includes(needle) }).toEqual({ needle, logs: false });
  }
}

/** The projections equal a fold of the log for the given rows, and do again after a rebuild. */
async function expectProjectionsFolded(keys: string[]) {
  const mine = (differences: Awaited<ReturnType<typeof diffProjections>>) => differences.filter((d) => keys.includes(d.key));
  expect(mine(await diffProjections(db, PROJECTIONS))).toEqual([]);
  await rebuildProjections(db, PROJECTIONS);
  expect(mine(await diffProjections(db, PROJECTIONS))).toEqual([]);
}

const send = (method: string, route: string, key: string, json?: unknown) => platform.api.http.request(method, route, { key, json });

describe('erasing each kind of object leaves none of its personal data in the log, in Temporal or in the logs', () => {
  it("a horoscope delivery: the person's name and birth data, and the URL's token (the probe's reproducer)", async () => {
    const c = await platform.customer();
    const token = `hsd-token-${tag}`;
    const url = platform.receiver.script(`/horoscope-${tag}?token=${token}`, []);
    const created = await send('POST', '/v1/horoscope-deliveries', c.session, {
      name: NAME,
      birth_subject: BIRTH,
      cadence: 'daily',
      local_time: '07:30',
      timezoneOffsetMinutes: 420,
      locale: 'en',
      url,
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    expect((await send('PATCH', `/v1/horoscope-deliveries/${id}`, c.session, { name: `${NAME} Jr` })).status).toBe(200);
    // One run of the schedule: a horoscope written for the person and delivered to the URL.
    await temporal.client.schedule.getHandle(id).trigger();
    await eventually(
      async () => (platform.receiver.at(`/horoscope-${tag}?token=${token}`).length > 0 ? true : undefined),
      90_000,
      'the horoscope',
    );
    await eventually(
      async () =>
        (await db.query(`SELECT 1 FROM webhook_delivery_attempts WHERE subscription_id = $1 AND status = 'succeeded'`, [id])).length
          ? true
          : undefined,
      30_000,
      'the delivery recorded',
    );

    expect((await send('DELETE', `/v1/horoscope-deliveries/${id}`, c.session)).status).toBe(204);
    await expectNowhere(c.accountId, [NAME, token, ...BIRTH_STRINGS]);
    expect(await db.query(`SELECT 1 FROM webhook_subscriptions WHERE id = $1`, [id])).toEqual([]);
    expect(await db.query(`SELECT 1 FROM webhook_delivery_payloads WHERE subscription_id = $1`, [id])).toEqual([]);
    await expectProjectionsFolded([id]);
  });

  it('report and visual-reading webhook subscriptions: the URL with its token and the description; a report logo URL in a warning', async () => {
    const c = await platform.customer({ credits: 200 });
    const reportToken = `report-hook-${tag}`;
    const report = await send('POST', '/v1/report-webhooks', c.apiKey, {
      url: platform.receiver.script(`/reports-${tag}?token=${reportToken}`, []),
      events: ['report.completed'],
      description: `${NAME}'s report hook`,
    });
    const visualToken = `visual-hook-${tag}`;
    const visual = await send('POST', '/v1/visual-reading-deliveries/subscriptions', c.session, {
      url: platform.receiver.script(`/visual-${tag}?token=${visualToken}`, []),
      events: ['visual_reading.completed'],
      description: `${NAME}'s visual hook`,
    });
    expect([report.status, visual.status]).toEqual([201, 201]);
    const patched = await send('PATCH', `/v1/report-webhooks/${report.body.id}`, c.apiKey, {
      url: platform.receiver.script(`/reports-${tag}?token=${reportToken}-2`, []),
    });
    expect(patched.status).toBe(200);

    // A report whose logo cannot be fetched: its warning once quoted the logo URL, with its token.
    const logoToken = `logo-token-${tag}`;
    const queued = await send('POST', '/api/v3/reports/solar-return/pdf', c.apiKey, {
      birth_subject: { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 },
      target_year: 2026,
      name: 'Somchai Jaidee',
      branding: { logo_url: `http://127.0.0.1:9/logo.png?token=${logoToken}` },
    });
    expect(queued.status).toBe(202);
    await eventually(
      async () => (platform.receiver.at(`/reports-${tag}?token=${reportToken}-2`).length > 0 ? true : undefined),
      120_000,
      'the report webhook',
    );
    const job = (await send('GET', `/api/v3/jobs/${queued.body.job_id}`, c.apiKey)).body;
    expect(job.warnings).toEqual([expect.stringMatching(/^logo not shown: branding\.logo_url could not be used \(/)]);

    for (const [route, id, key] of [
      ['/v1/report-webhooks', report.body.id, c.apiKey],
      ['/v1/visual-reading-deliveries/subscriptions', visual.body.id, c.session],
    ]) {
      expect((await send('DELETE', `${route}/${id}`, key)).status).toBe(204);
      expect(await db.query(`SELECT 1 FROM webhook_delivery_payloads WHERE subscription_id = $1`, [id])).toEqual([]);
    }
    await expectNowhere(c.accountId, [reportToken, visualToken, logoToken, `${NAME}'s`]);
    await expectProjectionsFolded([report.body.id, visual.body.id, queued.body.job_id]);
  });

  it("a brand profile: the brand's name, its contacts and a logo URL with a token", async () => {
    const c = await platform.customer();
    const email = `jane.roe.${tag}@example.com`;
    const logoToken = `brand-logo-${tag}`;
    const created = await send('POST', '/v1/report-brand-profiles', c.apiKey, {
      name: `${NAME} Astrology`,
      branding: { brand_name: `${NAME} Astrology`, contact_email: email, logo_url: `https://cdn.example.com/logo.png?sig=${logoToken}` },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const phone = `+66 81 ${String(parseInt(tag, 16) % 1000).padStart(3, '0')} 4567`;
    expect((await send('PATCH', `/v1/report-brand-profiles/${id}`, c.apiKey, { branding: { contact_phone: phone } })).status).toBe(200);
    await expectProjectionsFolded([id]);

    expect((await send('DELETE', `/v1/report-brand-profiles/${id}`, c.apiKey)).status).toBe(204);
    await expectNowhere(c.accountId, [NAME, email, logoToken, phone]);
  });

  it("a visual reading: the subject's label", async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 1000 });
    const face = await sharp(fs.readFileSync(path.join(__dirname, 'fixtures', 'visual', 'face-astronaut.png')))
      .jpeg({ quality: 95 })
      .toBuffer();
    const { uploadId, completed } = await uploadImage(platform.api, apiKey, face);
    expect(completed.status).toBe(200);
    const label = `${NAME} (face)`;
    const queued = await send('POST', '/api/v3/visual-readings/face/jobs', apiKey, {
      upload_id: uploadId,
      sku: 'branded',
      locale: 'en',
      subject_label: label,
    });
    expect(queued.status).toBe(202);
    const jobId: string = queued.body.job_id;

    expect((await send('DELETE', `/api/v3/visual-readings/jobs/${jobId}`, apiKey)).status).toBe(204);
    expect(await db.query(`SELECT subject_label FROM visual_jobs WHERE id = $1`, [jobId])).toEqual([{ subject_label: null }]);
    await expectNowhere(accountId, [label]);
    await expectProjectionsFolded([jobId]);
  });

  it('a Cultural Intelligence team: its name', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'enterprise', credits: 0 });
    const org = await send('POST', '/v1/cultural-intelligence/orgs', apiKey, {
      name: 'People team',
      default_locale: 'en',
      audience: 'manager',
    });
    const teams = `/v1/cultural-intelligence/orgs/${org.body.org_id}/teams`;
    const created = await send('POST', teams, apiKey, { name: `${NAME}'s reports`, profile_ids: [] });
    expect(created.status).toBe(201);
    expect((await send('PATCH', `${teams}/${created.body.team_id}`, apiKey, { name: `${NAME}'s direct reports` })).status).toBe(200);
    expect((await send('DELETE', `${teams}/${created.body.team_id}`, apiKey)).status).toBe(204);
    await expectNowhere(accountId, [NAME]);
  });
});

describe('the events written before personal data left the log', () => {
  let scratch: ScratchDatabase;
  let old: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase('astro_redaction');
    old = await Database.connect(scratch.url, { poolSize: 2, applicationName: 'astro-test-redaction' });
  });
  afterAll(async () => {
    await old.close();
    await scratch.drop();
  });

  it('are rewritten by the migration: the values go, the projections still fold, a pending delivery keeps its body', async () => {
    const accountId = `acct_${randomBytes(12).toString('hex')}`;
    const sub = `whs_${randomBytes(12).toString('hex')}`;
    const delivery = `msg_${randomBytes(12).toString('hex')}`;
    const url = `https://hooks.example.com/h?token=legacy-${tag}`;
    const settings = { cadence: 'daily', local_time: '07:30', timezoneOffsetMinutes: 420, weekday: 'monday', locale: 'en', paused: false };
    const body = { type: 'horoscope.delivered', timestamp: '2026-11-20T00:30:00Z', data: { title: `For ${NAME}` } };
    const holding = async (needle: string) =>
      (await old.query<{ event_type: string }>(`SELECT event_type FROM events WHERE payload::text LIKE '%' || $1 || '%'`, [needle])).map(
        (r) => r.event_type,
      );
    // The events and rows as the code before wrote them.
    await old.transaction(async (tx) => {
      const append = (stream: string, version: number, type: string, payload: unknown) =>
        tx.query(`INSERT INTO events (stream_id, stream_version, event_type, payload, metadata) VALUES ($1, $2, $3, $4, '{}')`, [
          stream,
          version,
          type,
          JSON.stringify(payload),
        ]);
      await append(`webhook_subscription:${sub}`, 1, 'WebhookSubscriptionCreated', {
        subscription_id: sub,
        account_id: accountId,
        kind: 'horoscope',
        url,
        events: ['horoscope.delivered'],
        description: null,
        channel: 'webhook',
        settings: { ...settings, name: NAME, birth_subject: BIRTH, sun_sign: null },
        secret_id: 'sec_legacy',
      });
      await append(`webhook_subscription:${sub}`, 2, 'WebhookSubscriptionUpdated', {
        changes: { url, settings: { ...settings, name: NAME } },
      });
      await tx.query(
        `INSERT INTO webhook_subscriptions (id, account_id, kind, url, events, channel, enabled, settings, seq, version, created_at, updated_at)
         SELECT $1, $2, 'horoscope', $3, '["horoscope.delivered"]', 'webhook', true, $4, min(position), 2, min(recorded_at), max(recorded_at)
           FROM events WHERE stream_id = $5`,
        [sub, accountId, url, JSON.stringify({ ...settings, name: NAME }), `webhook_subscription:${sub}`],
      );
      await append(`brand_profile:brand_${tag}`, 1, 'BrandProfileCreated', {
        profile_id: `brand_${tag}`,
        account_id: accountId,
        name: NAME,
        branding: { brand_name: NAME },
      });
      await append(`brand_profile:brand_${tag}`, 2, 'BrandProfileDeleted', {});
      await append(`delivery:${delivery}`, 1, 'DeliveryCreated', {
        delivery_id: delivery,
        account_id: accountId,
        subscription_id: sub,
        subscription_kind: 'horoscope',
        event_id: `horoscope.delivered:${tag}`,
        event_type: 'horoscope.delivered',
        channel: 'webhook',
        report_job_id: null,
        subject_id: sub,
        payload: body,
      });
      await append(`ci_team:${tag}`, 1, 'CiTeamCreated', { team_id: `team_${tag}`, name: NAME, profile_ids: [] });
      await append(`visual_job:vrj_${tag}`, 1, 'VisualJobQueued', {
        job_id: `vrj_${tag}`,
        account_id: accountId,
        kind: 'face',
        subject_label: NAME,
      });
    });
    expect((await holding(NAME)).sort()).toEqual([
      'BrandProfileCreated',
      'CiTeamCreated',
      'DeliveryCreated',
      'VisualJobQueued',
      'WebhookSubscriptionCreated',
      'WebhookSubscriptionUpdated',
    ]);

    await old.transaction((tx) => redactPersonalDataFromEvents(tx));

    expect(await holding(NAME)).toEqual([]);
    expect(await holding(`legacy-${tag}`)).toEqual([]);
    expect(await holding(BIRTH.date)).toEqual([]);
    const events = await old.query<{ event_type: string; payload: Record<string, unknown> }>(
      `SELECT event_type, payload FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [`webhook_subscription:${sub}`],
    );
    expect(events).toEqual([
      {
        event_type: 'WebhookSubscriptionCreated',
        payload: {
          subscription_id: sub,
          account_id: accountId,
          kind: 'horoscope',
          events: ['horoscope.delivered'],
          channel: 'webhook',
          settings: { ...settings, sun_sign: null },
          secret_id: 'sec_legacy',
          redacted: ['description', 'url'],
        },
      },
      {
        event_type: 'WebhookSubscriptionUpdated',
        payload: { changed: ['settings', 'url'], changes: { settings }, redacted: ['settings', 'url'] },
      },
    ]);
    // The delivery's body moved to its erasable table, so the pending delivery can still be sent.
    expect(await old.query(`SELECT payload FROM webhook_delivery_payloads WHERE delivery_id = $1`, [delivery])).toEqual([
      { payload: body },
    ]);
    // The log is append-only again once the rewrite is done, and the subscription's projection still folds from it.
    await expect(old.query(`UPDATE events SET payload = '{}' WHERE stream_id = $1`, [`brand_profile:brand_${tag}`])).rejects.toThrow(
      /append-only|not allowed|cannot/i,
    );
    expect((await diffProjections(old, PROJECTIONS)).filter((d) => d.key === sub)).toEqual([]);
    // Run again, it changes nothing.
    const before = await old.query(`SELECT position, payload FROM events ORDER BY position`);
    await old.transaction((tx) => redactPersonalDataFromEvents(tx));
    expect(await old.query(`SELECT position, payload FROM events ORDER BY position`)).toEqual(before);
  });
});
