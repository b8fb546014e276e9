import { createHmac, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/activity';
import { Database } from '@astro/database';
import {
  publishEvent,
  signingKeysOf,
  signWebhook,
  VISUAL_READING_COMPLETED,
  webhookDeliveryAttemptsProjection,
  webhookSubscriptionsProjection,
} from '@astro/delivery';
import { jobsProjection } from '@astro/jobs';
import { webhookDeliveryWorkflow } from '@astro/workflows';
import { accountsProjection, diffProjections, readStream, rebuildProjections } from '@astro/ledger';
import { connectTemporal, createCustomer, useTestPlatform } from './support/fixture';
import { deliveryActivities } from '../apps/worker/src/activities/delivery.activities';
import { eventually, TestApi } from './support/harness';
import { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

let db: Database;
let api: TestApi;
let receiver: WebhookReceiver;
let temporal: { connection: Connection; client: Client };
/** Subscriptions whose retries (attempt 2 on) the worker makes two hours after their first attempt, by its clock. */
const laterRetries = new Set<string>();
const LATER_ATTEMPTS_MS = 2 * 3600_000;

useTestPlatform(
  async (p) => {
    ({ db, api, receiver } = p);
    temporal = await connectTemporal(p.config);
  },
  {
    // The receiver is on 127.0.0.1, which only the allowlist lets through; retries 0 s, 1 s, 1 s apart.
    receiver: true,
    worker: (real, { config, db: workerDb, metrics }) => {
      // The real delivery activities on a clock two hours ahead, for the retries of chosen subscriptions.
      const later = deliveryActivities(config, workerDb, metrics, () => new Date(Date.now() + LATER_ATTEMPTS_MS));
      return {
        ...real,
        async computePlanetsSnapshot(input) {
          if (input.dt.startsWith('2001-09-09')) throw ApplicationFailure.nonRetryable('injected compute failure', 'injected_failure');
          return real.computePlanetsSnapshot(input);
        },
        async attemptWebhookDelivery(input) {
          if (input.attempt > 1) {
            const [row] = await workerDb.query<{ subscription_id: string }>(
              `SELECT subscription_id FROM webhook_delivery_attempts WHERE id = $1 LIMIT 1`,
              [input.deliveryId],
            );
            if (row && laterRetries.has(row.subscription_id)) return later.attemptWebhookDelivery(input);
          }
          return real.attemptWebhookDelivery(input);
        },
      };
    },
  },
);
afterAll(() => temporal.connection.close());

/** An account with an API key (to queue jobs) and a customer session (for the delivery endpoints). */
const customer = () => createCustomer(db, api);

/** Standard Webhooks verification, written from the specification (not with our signing code). */
function verifySignature(secret: string, webhook: Pick<ReceivedWebhook, 'headers' | 'body'>, checkTimestamp = true): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const id = String(webhook.headers['webhook-id']);
  const timestamp = String(webhook.headers['webhook-timestamp']);
  if (checkTimestamp && Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // the spec's replay tolerance
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${webhook.body}`).digest();
  return String(webhook.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

async function subscribe(session: string, path: string, answers: (number | { redirect: string })[] = []) {
  const created = await api.http.post(
    '/v1/report-webhooks',
    { url: receiver.script(path, answers), events: ['report.completed'], description: path },
    { key: session },
  );
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string; enabled: boolean };
}

async function queueProbe(apiKey: string, dt = '2024-04-10T00:00:00Z'): Promise<string> {
  const queued = await api.http.post('/v1/pipeline-probes', { dt }, { key: apiKey });
  expect(queued.status).toBe(202);
  return queued.body.job_id;
}

async function received(path: string, count: number, timeoutMs = 60_000): Promise<ReceivedWebhook[]> {
  return eventually(
    async () => (receiver.at(path).length >= count ? receiver.at(path) : undefined),
    timeoutMs,
    `${count} webhook(s) at ${path}`,
  );
}

async function attemptsOf(session: string, query: string, until: (rows: Record<string, unknown>[]) => boolean) {
  return eventually(
    async () => {
      const list = await api.http.get(`/v1/report-webhooks/deliveries?${query}`, { key: session });
      expect(list.status).toBe(200);
      return until(list.body.deliveries) ? (list.body.deliveries as Record<string, unknown>[]) : undefined;
    },
    60_000,
    `deliveries matching ${query}`,
  );
}

describe('report webhooks', () => {
  it('delivers report.completed signed with the Standard Webhooks algorithm, and records the attempt', async () => {
    const c = await customer();
    const subscription = await subscribe(c.session, '/signed');
    expect(subscription).toMatchObject({
      id: expect.stringMatching(/^whs_[a-f0-9]{24}$/),
      secret: expect.stringMatching(/^whsec_/),
      enabled: true,
      channel: 'webhook',
      events: ['report.completed'],
    });
    const jobId = await queueProbe(c.apiKey);
    const [webhook] = await received('/signed', 1);
    expect(webhook.headers['content-type']).toBe('application/json');
    expect(webhook.headers['webhook-id']).toMatch(/^msg_[a-f0-9]{24}$/);
    expect(verifySignature(subscription.secret, webhook)).toBe(true);
    expect(verifySignature(subscription.secret, { ...webhook, body: webhook.body.replace('succeeded', 'failed') })).toBe(false);
    const payload = JSON.parse(webhook.body);
    expect(payload).toMatchObject({
      type: 'report.completed',
      data: { job_id: jobId, kind: 'pipeline_probe', status: 'succeeded', error_code: null },
    });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();

    const [attempt] = await attemptsOf(c.session, `report_job_id=${jobId}`, (rows) => rows[0]?.status === 'succeeded');
    expect(attempt).toEqual({
      id: webhook.headers['webhook-id'],
      subscription_id: subscription.id,
      livemode: true,
      report_job_id: jobId,
      event_type: 'report.completed',
      status: 'succeeded',
      attempt: 1,
      response_status: 200,
      attempt_duration_ms: expect.any(Number),
      last_error: null,
      created_at: expect.any(String),
      delivered_at: expect.any(String),
    });
    // The delivery's stream in the event log holds the creation and the attempt.
    const events = await readStream(db, `delivery:${attempt.id}`);
    expect(events.map((e) => e.type)).toEqual(['DeliveryCreated', 'DeliveryAttempted']);

    // A redelivery by hand: attempt 2, same webhook-id, so receivers can deduplicate.
    const retry = await api.http.post(`/v1/report-webhooks/deliveries/${attempt.id}/retry`, {}, { key: c.session });
    expect(retry.status).toBe(202);
    expect(retry.body).toEqual({ delivery_id: attempt.id, attempt: 2, status: 'pending' });
    const again = await received('/signed', 2);
    expect(again[1].headers['webhook-id']).toBe(attempt.id);
    await attemptsOf(c.session, `delivery_id=${attempt.id}`, (rows) => rows.length === 2 && rows[0].status === 'succeeded');
  });

  it('signs the download link at each attempt: a retry after the first link expired carries an absolute link that downloads', async () => {
    const c = await customer();
    const subscription = await subscribe(c.session, '/late-retry', [500]);
    laterRetries.add(subscription.id);
    const jobId = await queueProbe(c.apiKey);
    const [first, retry] = await received('/late-retry', 2);
    const [sentFirst, sentRetry] = [first, retry].map((w) => JSON.parse(w.body));
    const base = api.config.publicBaseUrl;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const sent of [sentFirst, sentRetry]) {
      expect(sent.data.url).toBe(`${base}/api/v3/jobs/${jobId}`);
      expect(sent.data.artifacts.json.url.startsWith(`${base}/v1/artifacts/${jobId}/snapshot.json?expires=`)).toBe(true);
    }
    const linkOf = (sent: { data: { artifacts: { json: { url: string } } } }) => new URL(sent.data.artifacts.json.url).searchParams;
    const expiresOf = (sent: { data: { artifacts: { json: { url: string } } } }) => Number(linkOf(sent).get('expires'));
    const retriedAt = Number(retry.headers['webhook-timestamp']);
    // The retry went out two hours later (the worker's clock): the first link had expired by then,
    // and the retry's own link is valid for ARTIFACT_URL_TTL_SECONDS from the retry.
    expect(retriedAt - Number(first.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(LATER_ATTEMPTS_MS / 1000);
    expect(expiresOf(sentFirst)).toBeLessThan(retriedAt);
    const signer = api.handle.platform.artifactUrls;
    const verdictAt = (sent: typeof sentFirst, seconds: number) =>
      signer.verify(jobId, c.accountId, 'snapshot.json', expiresOf(sent), linkOf(sent).get('signature')!, seconds * 1000);
    expect(verdictAt(sentFirst, retriedAt)).toBe('expired');
    expect(verdictAt(sentRetry, retriedAt)).toBe('ok');
    expect(expiresOf(sentRetry)).toBe(retriedAt + api.config.artifactUrlTtlSeconds);
    expect(sentRetry.data.artifacts.json.valid_for_seconds).toBe(api.config.artifactUrlTtlSeconds);
    // Each attempt's body is signed as sent (Standard Webhooks; the retry's timestamp is the later clock's).
    expect(verifySignature(subscription.secret, first)).toBe(true);
    expect(verifySignature(subscription.secret, retry, false)).toBe(true);
    const link = new URL(sentRetry.data.artifacts.json.url);
    const download = await api.http.get(link.pathname + link.search);
    expect(download.status).toBe(200);
    expect(download.body.planets.find((p: { name: string }) => p.name === 'Sun').sign).toBe('Aries');
  });

  it('records two 500 answers then a 200 as attempts 1 to 3 with their statuses and durations', async () => {
    const c = await customer();
    const subscription = await subscribe(c.session, '/flaky', [500, 500]);
    const jobId = await queueProbe(c.apiKey);
    const webhooks = await received('/flaky', 3);
    expect(new Set(webhooks.map((w) => w.headers['webhook-id'])).size).toBe(1);
    expect(webhooks[1].at - webhooks[0].at).toBeGreaterThanOrEqual(900); // the durable 1 s timer
    for (const w of webhooks) expect(verifySignature(subscription.secret, w)).toBe(true);
    const rows = await attemptsOf(c.session, `report_job_id=${jobId}`, (r) => r.length === 3 && r[0].status === 'succeeded');
    expect(rows.map((r) => [r.attempt, r.status, r.response_status])).toEqual([
      [3, 'succeeded', 200],
      [2, 'failed', 500],
      [1, 'failed', 500],
    ]);
    for (const r of rows) expect(Number.isInteger(r.attempt_duration_ms) && (r.attempt_duration_ms as number) >= 0).toBe(true);
    // The status and a fixed reason, never the receiver's body ("status 500 on purpose").
    for (const r of rows.slice(1)) expect(r.last_error).toBe('HTTP 500 Internal Server Error: the receiver failed to take the delivery');
    expect(rows[0].delivered_at).not.toBeNull();
    expect(rows[1].delivered_at).toBeNull();

    // Filters and pagination over these rows.
    const failed = await api.http.get(`/v1/report-webhooks/deliveries?status=failed&subscription_id=${subscription.id}`, {
      key: c.session,
    });
    expect(failed.body.deliveries.map((r: { attempt: number }) => r.attempt)).toEqual([2, 1]);
    const first = await api.http.get(`/v1/report-webhooks/deliveries?report_job_id=${jobId}&limit=2`, { key: c.session });
    expect(first.body.deliveries.map((r: { attempt: number }) => r.attempt)).toEqual([3, 2]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api.http.get(`/v1/report-webhooks/deliveries?report_job_id=${jobId}&limit=2&cursor=${first.body.next_cursor}`, {
      key: c.session,
    });
    expect(second.body.deliveries.map((r: { attempt: number }) => r.attempt)).toEqual([1]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('publishes report.completed for a failed job too, with its status and error_code', async () => {
    const c = await customer();
    await subscribe(c.session, '/failed-job');
    const jobId = await queueProbe(c.apiKey, '2001-09-09T01:46:40Z');
    const [webhook] = await received('/failed-job', 1);
    expect(JSON.parse(webhook.body)).toMatchObject({
      type: 'report.completed',
      data: { job_id: jobId, status: 'failed', error_code: 'injected_failure', credits_refunded: 1 },
    });
  });

  it('refuses private addresses in every spelling at subscription time with a clear 400, and follows no redirect', async () => {
    const c = await customer();
    const privateUrls = [
      'http://10.0.0.7/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/x',
      // IPv4-compatible and IPv4-mapped IPv6, and the resolver's shorthand, of private addresses
      'http://[::a9fe:a9fe]/latest/meta-data',
      'http://[::ffff:10.0.0.7]/hook',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data',
      'http://0x0a000007/hook',
      'http://167772167/hook',
      'http://10.7/hook',
    ];
    for (const url of privateUrls) {
      const refused = await api.http.post('/v1/report-webhooks', { url, events: ['report.completed'] }, { key: c.session });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/url: .* is a private, loopback, link-local or reserved address/);
    }
    const notUrl = await api.http.post(
      '/v1/report-webhooks',
      { url: 'ftp://example.com/x', events: ['report.completed'] },
      { key: c.session },
    );
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.message).toContain('url');

    // A redirect to another port of the allowlisted receiver host (a service no subscription names)
    // and one to a private address: neither is followed, each attempt fails with its 307.
    const internalHits: string[] = [];
    const internal = http.createServer((req, res) => {
      internalHits.push(req.url ?? '');
      res.end('internal');
    });
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
    try {
      const otherPort = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/admin`;
      await subscribe(c.session, '/redirect', [{ redirect: otherPort }, { redirect: 'http://10.1.2.3/steal' }, { redirect: otherPort }]);
      const jobId = await queueProbe(c.apiKey);
      const rows = await attemptsOf(c.session, `report_job_id=${jobId}`, (r) => r[0]?.status === 'exhausted');
      expect(rows.map((r) => [r.attempt, r.status, r.response_status])).toEqual([
        [3, 'exhausted', 307],
        [2, 'failed', 307],
        [1, 'failed', 307],
      ]);
      for (const r of rows)
        expect(r.last_error).toBe('HTTP 307 Temporary Redirect: webhooks do not follow redirects; subscribe the final URL');
      expect(internalHits).toEqual([]);
    } finally {
      internal.closeAllConnections();
      await new Promise<void>((r) => internal.close(() => r()));
    }
  });

  it('disables the subscription when the receiver answers 410 Gone', async () => {
    const c = await customer();
    const subscription = await subscribe(c.session, '/gone', [410]);
    const jobId = await queueProbe(c.apiKey);
    const [row] = await attemptsOf(c.session, `report_job_id=${jobId}`, (r) => r[0]?.status === 'exhausted');
    expect(row).toMatchObject({ attempt: 1, response_status: 410, last_error: expect.stringContaining('410 Gone') });
    const after = await api.http.get(`/v1/report-webhooks/${subscription.id}`, { key: c.session });
    expect(after.body).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('410 Gone') });
    const types = (await readStream(db, `webhook_subscription:${subscription.id}`)).map((e) => e.type);
    expect(types).toEqual(['WebhookSubscriptionCreated', 'WebhookSubscriptionDisabled']);

    // A disabled subscription receives nothing (the job's workflow, publishing included, has ended);
    // re-enabling clears the reason.
    const later = await queueProbe(c.apiKey);
    expect(await temporal.client.workflow.getHandle(later).result()).toEqual({ status: 'succeeded' });
    const enabled = await api.http.request('PATCH', `/v1/report-webhooks/${subscription.id}`, { key: c.session, json: { enabled: true } });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null });
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('signs with the old and the new secret for 24 hours after a rotation', async () => {
    const c = await customer();
    const subscription = await subscribe(c.session, '/rotation');
    const rotated = await api.http.post(`/v1/report-webhooks/${subscription.id}/rotate-secret`, {}, { key: c.session });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(subscription.secret);
    // A real delivery right after the rotation verifies with either secret.
    await queueProbe(c.apiKey);
    const [webhook] = await received('/rotation', 1);
    expect(String(webhook.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifySignature(subscription.secret, webhook)).toBe(true);
    expect(verifySignature(rotated.body.secret, webhook)).toBe(true);
    // The window, with the subscription's stored keys and the clock given to the signing function.
    const keys = await signingKeysOf(db, subscription.id);
    const body = '{"type":"report.completed"}';
    const at = (hours: number) => new Date(Date.now() + hours * 3600_000);
    const check = (hours: number) => {
      const headers = signWebhook(keys, 'msg_window', body, at(hours));
      const signed = { body, headers: { ...headers } };
      return {
        count: headers['webhook-signature'].split(' ').length,
        old: verifySignature(subscription.secret, signed, false),
        fresh: verifySignature(rotated.body.secret, signed, false),
      };
    };
    expect(check(23)).toEqual({ count: 2, old: true, fresh: true });
    expect(check(25)).toEqual({ count: 1, old: false, fresh: true });
  });

  it("keeps subscriptions and deliveries to their account: other ids answer 404, the account's API key sees its own", async () => {
    const owner = await customer();
    const subscription = await subscribe(owner.session, '/tenancy');
    const jobId = await queueProbe(owner.apiKey);
    const [row] = await attemptsOf(owner.session, `report_job_id=${jobId}`, (r) => r[0]?.status === 'succeeded');
    const stranger = await customer();
    for (const [method, path] of [
      ['GET', `/v1/report-webhooks/${subscription.id}`],
      ['PATCH', `/v1/report-webhooks/${subscription.id}`],
      ['DELETE', `/v1/report-webhooks/${subscription.id}`],
      ['POST', `/v1/report-webhooks/${subscription.id}/rotate-secret`],
      ['POST', `/v1/report-webhooks/deliveries/${row.id}/retry`],
      ['GET', `/v1/visual-reading-deliveries/subscriptions/${subscription.id}`],
      ['GET', '/v1/report-webhooks/whs_000000000000000000000000'],
      ['GET', '/v1/report-webhooks/not-an-id'],
    ] as const) {
      const response = await api.http.request(method, path, {
        key: stranger.session,
        json: method === 'PATCH' ? { enabled: false } : method === 'POST' ? {} : undefined,
      });
      expect([method, path, response.status, response.body.error]).toEqual([method, path, 404, 'not_found']);
    }
    const theirs = await api.http.get(`/v1/report-webhooks/deliveries?report_job_id=${jobId}`, { key: stranger.session });
    expect(theirs.body).toEqual({ deliveries: [], next_cursor: null });
    expect((await api.http.get('/v1/report-webhooks', { key: stranger.session })).body.subscriptions).toEqual([]);
    expect((await api.http.get('/v1/report-webhooks', { key: owner.apiKey })).body.subscriptions.map((s: { id: string }) => s.id)).toEqual([
      subscription.id,
    ]);
    expect((await api.http.get(`/v1/report-webhooks/${subscription.id}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await api.http.get('/v1/report-webhooks')).status).toBe(401);
  });

  it('pages subscriptions with limit and cursor, validates queries and bodies with 400s naming the field', async () => {
    const c = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await subscribe(c.session, `/page-${i}`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { subscriptions: { id: string }[]; next_cursor: string | null } } = await api.http.get(
        `/v1/report-webhooks?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { key: c.session },
      );
      expect(page.status).toBe(200);
      expect(page.body.subscriptions.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.subscriptions.map((s) => s.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const cases: [string, string, unknown, RegExp][] = [
      ['GET', '/v1/report-webhooks?limit=0', undefined, /limit: must be at least 1/],
      ['GET', '/v1/report-webhooks?cursor=!!', undefined, /cursor/],
      ['GET', '/v1/report-webhooks?cursor=abc', undefined, /cursor: must be the next_cursor/],
      ['GET', '/v1/report-webhooks/deliveries?status=lost', undefined, /status/],
      ['POST', '/v1/report-webhooks', { url: 'https://example.com/h', events: ['report.started'] }, /events\.0/],
      ['POST', '/v1/report-webhooks', { url: 'https://example.com/h', events: [] }, /events: must name at least one event/],
      ['POST', '/v1/report-webhooks', { events: ['report.completed'] }, /url: is required/],
      ['POST', '/v1/report-webhooks', { url: 'https://example.com/h', events: ['report.completed'], secret: 'x' }, /secret: unknown field/],
      ['PATCH', `/v1/report-webhooks/${ids[0]}`, {}, /at least one/],
      ['PATCH', `/v1/report-webhooks/${ids[0]}`, { enabled: 'yes' }, /enabled/],
      [
        'POST',
        '/v1/visual-reading-deliveries/subscriptions',
        { url: 'https://example.com/h', events: ['visual_reading.completed'], channel: 'email' },
        /channel: the only channel is webhook/,
      ],
    ];
    for (const [method, path, json, message] of cases) {
      const response = await api.http.request(method, path, { key: c.session, json });
      expect([path, response.status, response.body.error]).toEqual([path, 400, 'bad_request']);
      expect(response.body.message).toMatch(message);
    }
    const deleted = await api.http.request('DELETE', `/v1/report-webhooks/${ids[0]}`, { key: c.session });
    expect(deleted.status).toBe(204);
    expect((await api.http.get(`/v1/report-webhooks/${ids[0]}`, { key: c.session })).status).toBe(404);
  });
});

describe('delivery workflow', () => {
  it('abandons a delivery whose attempt was never recorded (a redelivery whose transaction rolled back)', async () => {
    const deliveryId = `msg_${'0'.repeat(23)}1`;
    const handle = await temporal.client.workflow.start(webhookDeliveryWorkflow, {
      workflowId: deliveryId,
      taskQueue: api.config.temporal.deliveryTaskQueue,
      args: [{ deliveryId, waitsSeconds: [0], firstAttempt: 1 }],
    });
    expect(await handle.result()).toEqual({ status: 'abandoned', attempts: 0 });
    expect(await readStream(db, `delivery:${deliveryId}`)).toEqual([]);
  });
});

describe('visual-reading delivery subscriptions', () => {
  it('delivers visual_reading.completed over channel webhook once per (event, subscription), listed as telemetry', async () => {
    const c = await customer();
    const created = await api.http.post(
      '/v1/visual-reading-deliveries/subscriptions',
      { url: receiver.script('/visual', [503]), events: ['visual_reading.completed'] },
      { key: c.session },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      channel: 'webhook',
      events: ['visual_reading.completed'],
      secret: expect.stringMatching(/^whsec_/),
    });
    const event = {
      id: `${VISUAL_READING_COMPLETED}:vrj_0123456789abcdef01234567`,
      type: VISUAL_READING_COMPLETED as typeof VISUAL_READING_COMPLETED,
      accountId: c.accountId,
      timestamp: new Date().toISOString(),
      subjectId: 'vrj_0123456789abcdef01234567',
      data: { job_id: 'vrj_0123456789abcdef01234567', status: 'succeeded', artifacts: ['json', 'pdf'] },
    };
    const runtime = {
      db,
      client: temporal.client,
      taskQueue: api.config.temporal.deliveryTaskQueue,
      retrySchedule: api.config.webhookRetrySchedule,
      workflow: webhookDeliveryWorkflow,
    };
    // Published twice (as an activity retry would): one delivery, one workflow.
    const [a, b] = await Promise.all([publishEvent(runtime, event), publishEvent(runtime, event)]);
    expect(a.deliveryIds).toEqual(b.deliveryIds);
    const webhooks = await received('/visual', 2);
    expect(verifySignature(created.body.secret, webhooks[1])).toBe(true);
    // The job's absolute API address and a download link per artifact, signed at the attempt.
    const sent = JSON.parse(webhooks[1].body);
    const base = api.config.publicBaseUrl;
    expect(sent.data).toMatchObject({
      url: `${base}/api/v3/visual-readings/jobs/vrj_0123456789abcdef01234567`,
      links: {
        json: {
          url: expect.stringMatching(/\/v1\/artifacts\/vrj_0123456789abcdef01234567\/reading\.json\?expires=\d+&signature=/),
          valid_for_seconds: 3600,
        },
        pdf: {
          url: expect.stringContaining(`${base}/v1/artifacts/vrj_0123456789abcdef01234567/reading.pdf?expires=`),
          valid_for_seconds: 3600,
        },
      },
    });
    const records = await eventually(
      async () => {
        const list = await api.http.get('/v1/visual-reading-deliveries/events?subject_id=vrj_0123456789abcdef01234567', { key: c.session });
        return list.body.deliveries?.[0]?.status === 'succeeded' ? list.body.deliveries : undefined;
      },
      30_000,
      'the visual-reading telemetry',
    );
    expect(records.map((r: Record<string, unknown>) => [r.attempt, r.status, r.response_status, r.channel, r.event_type])).toEqual([
      [2, 'succeeded', 200, 'webhook', 'visual_reading.completed'],
      [1, 'failed', 503, 'webhook', 'visual_reading.completed'],
    ]);
    // The one delivery workflow has closed: no attempt can follow, and the second publication started none.
    expect(a.deliveryIds).toHaveLength(1);
    await temporal.client.workflow.getHandle(a.deliveryIds[0]).result();
    expect(receiver.at('/visual')).toHaveLength(2);
    // Report webhook lists do not show visual-reading deliveries.
    expect((await api.http.get('/v1/report-webhooks/deliveries', { key: c.session })).body.deliveries).toEqual([]);
  });
});

describe('visual-reading delivery subscriptions: management', () => {
  it('lists, reads, pauses, rotates and deletes a subscription; other accounts see 404', async () => {
    const c = await customer();
    const base = '/v1/visual-reading-deliveries/subscriptions';
    const created = await api.http.post(
      base,
      { url: receiver.script('/visual-manage', [200]), events: ['visual_reading.completed'], description: 'palm app' },
      { key: c.session },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const listed = await api.http.get(base, { key: c.session });
    expect(listed.status).toBe(200);
    expect(listed.body.subscriptions.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(listed.body.subscriptions[0]).not.toHaveProperty('secret');
    const read = await api.http.get(`${base}/${id}`, { key: c.session });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, enabled: true, description: 'palm app' });

    const paused = await api.http.request('PATCH', `${base}/${id}`, { key: c.session, json: { enabled: false } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id, enabled: false });

    const rotated = await api.http.post(`${base}/${id}/rotate-secret`, {}, { key: c.session });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    const stranger = await customer();
    expect((await api.http.get(`${base}/${id}`, { key: stranger.session })).status).toBe(404);
    expect((await api.http.request('DELETE', `${base}/${id}`, { key: stranger.session })).status).toBe(404);

    expect((await api.http.request('DELETE', `${base}/${id}`, { key: c.session })).status).toBe(204);
    expect((await api.http.get(`${base}/${id}`, { key: c.session })).status).toBe(404);
    expect((await api.http.get(base, { key: c.session })).body.subscriptions).toEqual([]);
  });
});

describe('scheduled horoscope delivery', () => {
  it('creates a Temporal Schedule that fires, writes the horoscope from the transits and delivers it signed', async () => {
    const c = await customer();
    // A daily delivery on a UTC+7 clock, half a day from now: the schedule's next run is that time
    // (Temporal computes it from the spec), and the test fires the schedule itself rather than wait.
    const fireAt = new Date(Date.now() + 12 * 3600_000);
    const local = new Date(fireAt.getTime() + 420 * 60_000).toISOString().slice(11, 19);
    const created = await api.http.post(
      '/v1/horoscope-deliveries',
      {
        sun_sign: 'Leo',
        cadence: 'daily',
        local_time: local,
        timezoneOffsetMinutes: 420,
        locale: 'th',
        url: receiver.script('/horoscope', []),
      },
      { key: c.session },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^hsd_[a-f0-9]{24}$/),
      sun_sign: 'Leo',
      cadence: 'daily',
      paused: false,
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(Date.parse(created.body.next_runs[0])).toBe(Math.floor(fireAt.getTime() / 1000) * 1000);
    const triggeredAfter = Date.now();
    await temporal.client.schedule.getHandle(created.body.id).trigger();

    const [webhook] = await received('/horoscope', 1, 60_000);
    expect(verifySignature(created.body.secret, webhook)).toBe(true);
    const payload = JSON.parse(webhook.body);
    expect(payload).toMatchObject({
      type: 'horoscope.delivered',
      data: { horoscope_delivery_id: created.body.id, locale: 'th', cadence: 'daily', sun_sign: 'Leo' },
    });
    expect(payload.data.title).toMatch(/ราศีสิงห์/);
    // The period is the local (UTC+7) day of the run's start, which the trigger began.
    const firedAt = Date.parse(payload.timestamp);
    expect(firedAt).toBeGreaterThanOrEqual(triggeredAfter - 1);
    expect(payload.data.period.start).toBe(new Date(firedAt + 420 * 60_000).toISOString().slice(0, 10));
    // dated as a Thai reader writes dates (weekday, Buddhist Era year), from the day's sky read in Leo's solar houses
    expect(payload.data.title).toMatch(/^ราศีสิงห์: ดวงประจำวัน\S+ที่ \d{1,2} \S+ พ\.ศ\. 25\d\d$/);
    expect(`${payload.data.title} ${payload.data.text}`).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(payload.data.text).toMatch(/ดวงจันทร์|จันทร์ใน/);
    for (const e of payload.data.events) expect(e.house).toBeGreaterThanOrEqual(1);

    const shown = await eventually(
      async () => {
        const r = await api.http.get(`/v1/horoscope-deliveries/${created.body.id}`, { key: c.session });
        return r.body.recent_deliveries?.[0]?.status === 'succeeded' ? r.body : undefined;
      },
      30_000,
      'the horoscope delivery record',
    );
    expect(shown.recent_deliveries[0]).toMatchObject({
      attempt: 1,
      response_status: 200,
      event_type: 'horoscope.delivered',
      subject_id: created.body.id,
    });

    // Pause, then resume at another time; operators see the same state on the Temporal Schedule.
    const paused = await api.http.request('PATCH', `/v1/horoscope-deliveries/${created.body.id}`, {
      key: c.session,
      json: { paused: true },
    });
    expect(paused.body).toMatchObject({ paused: true, next_runs: [] });
    expect((await temporal.client.schedule.getHandle(created.body.id).describe()).state.paused).toBe(true);
    const resumed = await api.http.request('PATCH', `/v1/horoscope-deliveries/${created.body.id}`, {
      key: c.session,
      json: { paused: false, local_time: '07:30', cadence: 'weekly', weekday: 'monday' },
    });
    expect(resumed.body).toMatchObject({ paused: false, cadence: 'weekly', local_time: '07:30', weekday: 'monday' });
    const next = new Date(resumed.body.next_runs[0]);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 0, 30]); // Monday 07:30 at UTC+7

    const list = await api.http.get('/v1/horoscope-deliveries', { key: c.session });
    expect(list.body.horoscope_deliveries.map((h: { id: string }) => h.id)).toEqual([created.body.id]);
    const stranger = await customer();
    expect((await api.http.get(`/v1/horoscope-deliveries/${created.body.id}`, { key: stranger.session })).status).toBe(404);

    const deleted = await api.http.request('DELETE', `/v1/horoscope-deliveries/${created.body.id}`, { key: c.session });
    expect(deleted.status).toBe(204);
    await expect(temporal.client.schedule.getHandle(created.body.id).describe()).rejects.toThrow();
    expect((await api.http.get(`/v1/horoscope-deliveries/${created.body.id}`, { key: c.session })).status).toBe(404);
  });

  it('delivers a personal horoscope written as the personal horoscope route writes it', async () => {
    const c = await customer();
    const birth = { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
    const created = await api.http.post(
      '/v1/horoscope-deliveries',
      {
        birth_subject: birth,
        name: 'Ploy',
        cadence: 'daily',
        local_time: '07:00',
        timezoneOffsetMinutes: 420,
        locale: 'th',
        url: receiver.script('/personal-horoscope', []),
      },
      { key: c.session },
    );
    expect(created.status).toBe(201);
    await temporal.client.schedule.getHandle(created.body.id).trigger();
    const [webhook] = await received('/personal-horoscope', 1, 60_000);
    const delivered = JSON.parse(webhook.body).data;
    // the same birth, day, clock and language through POST /api/v3/horoscopes/personal
    const personal = await api.http.post(
      '/api/v3/horoscopes/personal',
      { ...birth, name: 'Ploy', period: 'daily', period_date: delivered.period.start, locale: 'th' },
      { key: c.apiKey },
    );
    expect(personal.status).toBe(200);
    expect(delivered.title).toMatch(/^Ploy: ดวงประจำวัน/);
    expect({ title: delivered.title, text: delivered.text, events: delivered.events, transits: delivered.transits }).toEqual({
      title: personal.body.title,
      text: personal.body.text,
      events: personal.body.events,
      transits: personal.body.transits,
    });
    expect((await api.http.request('DELETE', `/v1/horoscope-deliveries/${created.body.id}`, { key: c.session })).status).toBe(204);
  });

  it('answers 400 naming the field for bad horoscope settings', async () => {
    const c = await customer();
    const base = { cadence: 'daily', local_time: '08:00', timezoneOffsetMinutes: 0, locale: 'en', url: 'https://example.com/h' };
    const cases: [unknown, RegExp][] = [
      [{ ...base }, /birth_subject: give exactly one of birth_subject or sun_sign/],
      [
        {
          ...base,
          sun_sign: 'Leo',
          birth_subject: { date: '1990-01-01', time: '10:00', latitude: 0, longitude: 0, timezoneOffsetMinutes: 0 },
        },
        /exactly one/,
      ],
      [{ ...base, sun_sign: 'Ophiuchus' }, /sun_sign/],
      [{ ...base, sun_sign: 'Leo', local_time: '25:00' }, /local_time: must be a clock time/],
      [{ ...base, sun_sign: 'Leo', cadence: 'hourly' }, /cadence/],
      [{ ...base, sun_sign: 'Leo', locale: 'fr' }, /locale/],
      [{ ...base, sun_sign: 'Leo', timezoneOffsetMinutes: 900 }, /timezoneOffsetMinutes: must be at most 840/],
      [
        { ...base, birth_subject: { date: '1700-01-01', time: '10:00', latitude: 0, longitude: 0, timezoneOffsetMinutes: 0 } },
        /birth_subject\.date/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api.http.post('/v1/horoscope-deliveries', body, { key: c.session });
      expect([response.status, response.body.error]).toEqual([400, 'bad_request']);
      expect(response.body.message).toMatch(message);
    }
  });
});

describe('delivery read models', () => {
  it('equal a fold of the event log, and a rebuild from the log gives the same rows', async () => {
    const delivery = [webhookSubscriptionsProjection, webhookDeliveryAttemptsProjection];
    expect(await diffProjections(db, [accountsProjection, jobsProjection, ...delivery])).toEqual([]);
    const before = await db.query(`SELECT count(*)::int AS n FROM webhook_delivery_attempts`);
    const rebuilt = await rebuildProjections(db, delivery);
    expect(rebuilt.map((r) => r.table)).toEqual(['webhook_subscriptions', 'webhook_delivery_attempts']);
    expect(rebuilt[1].rows).toBe((before[0] as { n: number }).n);
    expect(await diffProjections(db, delivery)).toEqual([]);
  });
});
