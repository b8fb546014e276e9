import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { ApplicationFailure } from '@temporalio/activity';
import { Client, Connection } from '@temporalio/client';
import { createCustomerUser, issueOperatorKey } from '@astro/accounts';
import { payloadCodec } from '@astro/codec';
import { PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { reconcile } from '@astro/finance';
import { cancelJob, findJob, jobsProjection } from '@astro/jobs';
import { accountStream, diffProjections, findAccount } from '@astro/ledger';
import {
  connectTestDatabase,
  createAccount,
  eventually,
  pinnedClock,
  startApi,
  startWorker,
  testConfig,
  TestApi,
  TestWorker,
} from './support/harness';
import { pdfText } from './support/pdf';
import { WebhookReceiver } from './support/webhook-receiver';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');
const PROBE = PRICES.pipeline_probe.credits;
const PLANETS = PRICES.planets.credits;

let db: Database;
let api: TestApi;
let worker: TestWorker;
let receiver: WebhookReceiver;
let temporal: { connection: Connection; client: Client };
let operatorKey: string;
/** Probe instants whose computation fails (a fault injected around the real activity), while listed. */
const failing = new Set<string>();
const config = testConfig({ OUTBOUND_ALLOWLIST: '127.0.0.1/32', WEBHOOK_RETRY_SCHEDULE: '0,1,1', RATE_LIMIT_FREE: '3' });

beforeAll(async () => {
  db = await connectTestDatabase();
  receiver = new WebhookReceiver();
  await receiver.start();
  // Counts requests up to the free tier's limit: one rate-limit window for the whole file.
  api = await startApi(config, { rateLimitClock: pinnedClock() });
  worker = await startWorker(config, db, (real) => ({
    ...real,
    async computePlanetsSnapshot(input) {
      if (failing.has(input.dt)) throw ApplicationFailure.nonRetryable('injected compute failure', 'injected_failure');
      return real.computePlanetsSnapshot(input);
    },
  }));
  const connection = await Connection.connect({ address: config.temporal.address });
  temporal = { connection, client: new Client({ connection, dataConverter: { payloadCodecs: [payloadCodec(config)] } }) };
  operatorKey = (await issueOperatorKey(db, 'operations test')).key;
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await temporal?.connection.close();
  await receiver?.stop();
  await db?.close();
});

/** The operator CLI exactly as `npm run cli -- …` runs it, against the test database, Temporal and task queues. */
async function cli(...args: string[]): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'apps/cli/src/main.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: process.env.TEST_DATABASE_ADMIN_URL,
        TEMPORAL_ADDRESS: config.temporal.address,
        TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
        WEBHOOK_RETRY_SCHEDULE: '0,1,1',
      },
    });
    return { stdout, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout + e.stderr, code: e.code };
  }
}

/** The sum of a metric's samples whose labels include `labels` (0 when there is none yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) total += Number(match[4]);
  }
  return total;
}

async function scrapeApi(): Promise<string> {
  const response = await api.http.get('/metrics', { key: operatorKey });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text;
}

async function scrapeWorker(): Promise<string> {
  const response = await fetch(worker.metricsUrl);
  expect(response.status).toBe(200);
  return response.text();
}

/** An account with an API key and a customer session (for its webhook subscriptions). */
async function customer(credits = 50) {
  const account = await createAccount(db, { credits });
  const email = `ops-${account.accountId}@example.com`;
  await createCustomerUser(db, { accountId: account.accountId, email, password: 'correct horse battery' });
  const login = await api.http.post('/v1/sessions', { email, password: 'correct horse battery' });
  expect(login.status).toBe(201);
  return { ...account, session: login.body.token as string };
}

async function subscribe(session: string, receiverPath: string, answers: number[] = []) {
  const created = await api.http.post(
    '/v1/report-webhooks',
    { url: receiver.script(receiverPath, answers), events: ['report.completed'] },
    { key: session },
  );
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

async function queueProbe(apiKey: string, dt: string): Promise<string> {
  const queued = await api.http.post('/v1/pipeline-probes', { dt }, { key: apiKey });
  expect(queued.status).toBe(202);
  return queued.body.job_id;
}

/** Waits until the job is finished and its workflow closed (a retry needs both). */
async function finished(jobId: string, status: 'succeeded' | 'failed') {
  await eventually(async () => ((await findJob(db, jobId))?.status === status ? true : undefined), 60_000, `job ${jobId} ${status}`);
  await eventually(
    async () => ((await temporal.client.workflow.getHandle(jobId).describe()).status.name !== 'RUNNING' ? true : undefined),
    30_000,
    `workflow ${jobId} closed`,
  );
  return (await findJob(db, jobId))!;
}

describe('GET /metrics and the worker metrics port', () => {
  it('is refused without the operator key, and its counters move with real traffic', async () => {
    const pro = await customer();
    const free = await createAccount(db, { tier: 'free', credits: 10 });
    expect((await api.http.get('/metrics')).status).toBe(401);
    expect((await api.http.get('/metrics', { key: pro.apiKey })).status).toBe(401);
    expect((await api.http.get('/metrics', { key: pro.session })).status).toBe(401);

    const before = await scrapeApi();
    const workerBefore = await scrapeWorker();
    await subscribe(pro.session, '/metrics-hook');

    for (let i = 0; i < 3; i++) expect((await api.http.get('/v1/pricing')).status).toBe(200);
    expect((await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', { key: pro.apiKey })).status).toBe(200);
    failing.add('2001-09-09T01:46:40Z');
    const succeeding = await queueProbe(pro.apiKey, '2024-04-10T00:00:00Z');
    const failingJob = await queueProbe(pro.apiKey, '2001-09-09T01:46:40Z');
    // The free tier allows 3 requests a window here: the fourth is refused.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.http.get('/v1/account', { key: free.apiKey })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // A job queued where no worker listens stays queued: the gauge shows it by kind and stage.
    const idle = await startApi(testConfig());
    let parked: string;
    try {
      parked = (await idle.http.post('/v1/pipeline-probes', { dt: '2024-01-01T00:00:00Z' }, { key: pro.apiKey })).body.job_id;
    } finally {
      await idle.close();
    }

    await finished(succeeding, 'succeeded');
    await finished(failingJob, 'failed');
    await eventually(async () => (receiver.at('/metrics-hook').length >= 2 ? true : undefined), 30_000, 'both report.completed webhooks');
    const after = await scrapeApi();
    const delta = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);

    expect(delta('astro_http_requests_total', { method: 'GET', route: '/v1/pricing', status: '200' })).toBe(3);
    expect(delta('astro_http_request_duration_seconds_count', { method: 'GET', route: '/v1/pricing', status: '200' })).toBe(3);
    expect(delta('astro_http_request_duration_seconds_bucket', { method: 'GET', route: '/v1/pricing', status: '200', le: '+Inf' })).toBe(3);
    expect(delta('astro_http_requests_total', { method: 'GET', route: '/v1/account', status: '429' })).toBe(1);
    expect(delta('astro_http_requests_total', { method: 'POST', route: '/v1/pipeline-probes', status: '202' })).toBe(2);
    expect(delta('astro_credits_charged_total', { operation: 'planets' })).toBe(PLANETS);
    expect(delta('astro_credits_charged_total', { operation: 'pipeline_probe' })).toBe(2 * PROBE);
    expect(delta('astro_jobs_queued_total', { kind: 'pipeline_probe' })).toBe(2);
    // The planets charge went through a group-committed flush: its size and duration are recorded.
    expect(delta('astro_charge_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(delta('astro_charge_batch_size_sum')).toBeGreaterThanOrEqual(delta('astro_charge_batch_size_count'));
    expect(delta('astro_charge_flush_duration_seconds_count')).toBe(delta('astro_charge_batch_size_count'));
    expect(delta('astro_charge_flush_duration_seconds_sum')).toBeGreaterThan(0);
    expect(delta('astro_rate_limit_refusals_total', { tier: 'free' })).toBe(1);
    expect(sample(after, 'astro_jobs', { kind: 'pipeline_probe', status: 'queued', stage: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^process_cpu_seconds_total /m);

    // The receiver answers before the worker records the attempt: wait for the record.
    let workerAfter = await scrapeWorker();
    await eventually(
      async () => {
        workerAfter = await scrapeWorker();
        return sample(workerAfter, 'astro_webhook_attempts_total') - sample(workerBefore, 'astro_webhook_attempts_total') >= 2
          ? true
          : undefined;
      },
      10_000,
      'both webhook attempts recorded',
    );
    const workerDelta = (name: string, labels: Record<string, string> = {}) =>
      sample(workerAfter, name, labels) - sample(workerBefore, name, labels);
    expect(workerDelta('astro_jobs_started_total', { kind: 'pipeline_probe' })).toBe(2);
    expect(workerDelta('astro_job_stages_total', { kind: 'pipeline_probe', stage: 'storing' })).toBe(1);
    expect(workerDelta('astro_jobs_finished_total', { kind: 'pipeline_probe', status: 'succeeded', stage: 'storing' })).toBe(1);
    expect(workerDelta('astro_jobs_finished_total', { kind: 'pipeline_probe', status: 'failed', stage: 'computing' })).toBe(1);
    expect(workerDelta('astro_credits_refunded_total', { operation: 'pipeline_probe' })).toBe(PROBE);
    expect(workerDelta('astro_webhook_attempts_total', { outcome: 'succeeded' })).toBe(2);
    expect(workerDelta('astro_webhook_attempt_duration_seconds_count', { outcome: 'succeeded' })).toBe(2);
    // The Temporal SDK's runtime metrics, read from its exporter and served on the same port.
    expect(workerAfter).toMatch(/^temporal_\w+(\{[^}]*\})? \S+$/m);
    expect(sample(workerAfter, 'temporal_workflow_completed_total', { task_queue: config.temporal.taskQueue })).toBeGreaterThanOrEqual(2);

    await cancelJob(db, temporal.client, parked!, { actor: 'test' });
  }, 180_000);
});

describe('jobs:retry', () => {
  it('reruns a failed job as a new workflow run; the refund is charged back, so a retry that succeeds is paid once and the reconciliation stays clean', async () => {
    const owner = await customer(10);
    await subscribe(owner.session, '/retry-hook');
    const dt = '2002-02-02T02:02:02Z';
    failing.add(dt);
    const jobId = await queueProbe(owner.apiKey, dt);
    const failed = await finished(jobId, 'failed');
    expect(failed).toMatchObject({ credits_charged: PROBE, credits_refunded: PROBE, error_code: 'injected_failure' });
    expect((await findAccount(db, owner.accountId))!.balance).toBe(10);
    const firstRun = (await temporal.client.workflow.getHandle(jobId).describe()).runId;

    failing.delete(dt);
    const retried = await cli('jobs:retry', jobId);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toContain(`job ${jobId} retried as attempt 2`);
    expect(retried.stdout).toContain(`the refund of ${PROBE} credits charged back (balance ${10 - PROBE})`);
    const done = await finished(jobId, 'succeeded');
    expect(done).toMatchObject({ status: 'succeeded', credits_charged: PROBE, credits_refunded: 0, error_code: null });
    const described = await temporal.client.workflow.getHandle(jobId).describe();
    expect(described.runId).not.toBe(firstRun);

    // Charged once net: charge, refund of the failure, the refund charged back; nothing else.
    const account = (await findAccount(db, owner.accountId))!;
    expect(account.balance).toBe(10 - PROBE);
    expect(account.credits_charged - account.credits_refunded).toBe(PROBE);
    const report = await reconcile(db, { from: new Date('2000-01-01'), to: new Date('2100-01-01'), accountId: owner.accountId });
    expect(report.invariants.filter((i) => !i.ok)).toEqual([]);
    expect(report.jobs).toEqual([
      expect.objectContaining({ job_id: jobId, status: 'succeeded', attempts: 2, charged: 2 * PROBE, refunded: PROBE, refunds: 1 }),
    ]);
    // The jobs projection folds the retry exactly as the live row has it.
    expect((await diffProjections(db, [jobsProjection])).filter((d) => d.key === jobId)).toEqual([]);

    // Each attempt announced its own outcome (its own event id): the failure, then the success.
    await eventually(async () => (receiver.at('/retry-hook').length >= 2 ? true : undefined), 30_000, 'two report.completed webhooks');
    const announced = receiver.at('/retry-hook').map((w) => JSON.parse(w.body).data.status);
    expect(announced).toEqual(['failed', 'succeeded']);

    const again = await cli('jobs:retry', jobId);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`job ${jobId} not retried: job ${jobId} is succeeded; only a failed job can be retried`);
  }, 180_000);

  it('a retried job that fails again is refunded again: charged and refunded once per attempt, nothing net', async () => {
    const owner = await createAccount(db, { credits: 5 });
    const dt = '2003-03-03T03:03:03Z';
    failing.add(dt);
    const jobId = await queueProbe(owner.apiKey, dt);
    await finished(jobId, 'failed');
    expect((await cli('jobs:retry', jobId)).code).toBe(0);
    await eventually(
      async () => {
        const job = await findJob(db, jobId);
        return job?.status === 'failed' && job.credits_refunded === PROBE ? true : undefined;
      },
      60_000,
      'the retry failing and refunded',
    );
    expect((await findAccount(db, owner.accountId))!.balance).toBe(5);
    const report = await reconcile(db, { from: new Date('2000-01-01'), to: new Date('2100-01-01'), accountId: owner.accountId });
    expect(report.invariants.filter((i) => !i.ok)).toEqual([]);
    expect(report.jobs).toEqual([
      expect.objectContaining({ job_id: jobId, status: 'failed', attempts: 2, charged: 2 * PROBE, refunded: 2 * PROBE, refunds: 2 }),
    ]);
  }, 180_000);
});

describe('deliveries:replay', () => {
  it('re-delivers the deliveries exhausted since T, with the same webhook-id and payload, to a receiver that failed and now works', async () => {
    const since = new Date();
    const a = await customer();
    const b = await customer();
    // Three attempts (schedule 0, 1, 1 s), each answered 500: both deliveries end exhausted.
    await subscribe(a.session, '/replay-a', [500, 500, 500]);
    await subscribe(b.session, '/replay-b', [500, 500, 500]);
    await finished(await queueProbe(a.apiKey, '2024-05-01T00:00:00Z'), 'succeeded');
    await finished(await queueProbe(b.apiKey, '2024-05-01T00:00:00Z'), 'succeeded');
    const lastStatus = async (accountId: string) =>
      (
        await db.query<{ status: string; attempt: number }>(
          `SELECT status, attempt FROM webhook_delivery_attempts WHERE account_id = $1 ORDER BY attempt DESC LIMIT 1`,
          [accountId],
        )
      )[0];
    for (const account of [a, b]) {
      await eventually(
        async () => ((await lastStatus(account.accountId))?.status === 'exhausted' ? true : undefined),
        30_000,
        'an exhausted delivery',
      );
    }
    expect(receiver.at('/replay-a')).toHaveLength(3);

    const nothing = await cli('deliveries:replay', '--since', new Date(Date.now() + 3_600_000).toISOString(), '--account', a.accountId);
    expect(nothing.stdout).toContain('0 deliveries replayed');

    const replayed = await cli('deliveries:replay', '--since', since.toISOString(), '--account', a.accountId);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('replayed as attempt 4');
    expect(replayed.stdout).toContain('1 delivery replayed, 0 skipped');
    await eventually(
      async () => ((await lastStatus(a.accountId)).status === 'succeeded' ? true : undefined),
      30_000,
      'the replay delivered',
    );
    const received = receiver.at('/replay-a');
    expect(received).toHaveLength(4);
    // Same message: one webhook-id and one event, so the receiver dedupes what it had already taken;
    // only the download links differ, each signed by its own attempt (valid from the replay, not from the first try).
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const withoutLinks = (body: string) =>
      JSON.stringify(JSON.parse(body), (key, value) => (key === 'url' && typeof value === 'string' ? value.split('?')[0] : value));
    expect(new Set(received.map((r) => withoutLinks(r.body))).size).toBe(1);
    const expiresOf = (body: string) => Number(new URL(JSON.parse(body).data.artifacts.json.url).searchParams.get('expires'));
    expect(expiresOf(received[3].body)).toBeGreaterThanOrEqual(expiresOf(received[0].body));
    expect(expiresOf(received[3].body)).toBeGreaterThanOrEqual(
      Number(received[3].headers['webhook-timestamp']) + config.artifactUrlTtlSeconds,
    );
    expect(JSON.parse(received[3].body)).toMatchObject({ type: 'report.completed', data: { status: 'succeeded' } });
    // The other account's delivery was not touched by a replay for account A.
    expect(receiver.at('/replay-b')).toHaveLength(3);
    expect((await lastStatus(b.accountId)).status).toBe('exhausted');

    // A delivery already replayed and delivered is not exhausted any more: nothing to do twice.
    expect((await cli('deliveries:replay', '--since', since.toISOString(), '--account', a.accountId)).stdout).toContain(
      '0 deliveries replayed',
    );
    expect((await cli('deliveries:replay', '--since', since.toISOString(), '--account', b.accountId)).stdout).toContain(
      '1 delivery replayed',
    );
    await eventually(
      async () => ((await lastStatus(b.accountId)).status === 'succeeded' ? true : undefined),
      30_000,
      'account B delivered',
    );
    expect((await cli('deliveries:replay', '--since', 'yesterday')).code).toBe(1);
  }, 180_000);
});

describe('finance:statement', () => {
  it('folds a month from the log: its closing balance is the projection, the CSV parses and the PDF shows the figures', async () => {
    // The statement's month is the one the log recorded the account's events in; a run that
    // straddled a month end (the log's clock, not the test's) is made again on a new account.
    let owner!: Awaited<ReturnType<typeof createAccount>>;
    let month!: string;
    for (let tries = 1; ; tries++) {
      owner = await createAccount(db, { credits: 40 });
      for (let i = 0; i < 3; i++)
        expect((await api.http.get(`/v1/planets?dt=2024-03-2${i}T12:00:00Z`, { key: owner.apiKey })).status).toBe(200);
      const dt = `2004-04-04T04:04:0${tries}Z`;
      failing.add(dt);
      await finished(await queueProbe(owner.apiKey, dt), 'failed');
      await finished(await queueProbe(owner.apiKey, '2024-06-01T00:00:00Z'), 'succeeded');
      const months = await db.query<{ month: string }>(
        `SELECT DISTINCT to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month FROM events WHERE stream_id = $1`,
        [accountStream(owner.accountId)],
      );
      if (months.length === 1 || tries === 2) {
        expect(months).toHaveLength(1);
        month = months[0].month;
        break;
      }
    }
    const balance = (await findAccount(db, owner.accountId))!.balance;
    expect(balance).toBe(40 - 3 * PLANETS - PROBE);
    const [year, monthNumber] = month.split('-').map(Number);
    const next = new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 7);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-'));

    const csv = await cli('finance:statement', '--account', owner.accountId, '--month', month);
    expect(csv.code).toBe(0);
    const rows = csv.stdout
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual(['section', 'item', 'count', 'credits']);
    expect(rows.every((r) => r.length === 4)).toBe(true);
    const value = (section: string, item = '') => rows.find((r) => r[0] === section && (item === '' || r[1] === item))!;
    expect(value('account')[1]).toBe(owner.accountId);
    expect(Number(value('opening_balance')[3])).toBe(0);
    expect([value('grant')[2], value('grant')[3]]).toEqual(['1', '40']);
    expect(value('charge', 'planets')).toEqual(['charge', 'planets', '3', String(3 * PLANETS)]);
    expect(value('charge', 'pipeline_probe')).toEqual(['charge', 'pipeline_probe', '2', String(2 * PROBE)]);
    expect(value('refund', 'pipeline_probe')).toEqual(['refund', 'pipeline_probe', '1', String(PROBE)]);
    expect(Number(value('closing_balance')[3])).toBe(balance);

    // The next month opens where this one closes, and nothing moves in it yet.
    const following = JSON.parse(
      (await cli('finance:statement', '--account', owner.accountId, '--month', next, '--format', 'json')).stdout,
    );
    expect(following).toMatchObject({ opening_balance: balance, closing_balance: balance, charges: [], refunds: [] });

    const pdfFile = path.join(dir, 'statement.pdf');
    const pdf = await cli('finance:statement', '--account', owner.accountId, '--month', month, '--format', 'pdf', '--out', pdfFile);
    expect(pdf.code).toBe(0);
    expect(pdf.stdout).toContain(`closing ${balance}`);
    const text = pdfText(fs.readFileSync(pdfFile)).replace(/\s+/g, ' ');
    expect(text).toContain('Credit statement');
    expect(text).toContain(owner.accountId);
    expect(text).toMatch(new RegExp(`Closing balance ${balance}`));
    expect(text).toMatch(/Opening balance 0/);
    expect(text).toMatch(new RegExp(`planets 3 −${3 * PLANETS}`));
    expect(text).toMatch(new RegExp(`pipeline_probe 1 \\+${PROBE}`));

    expect((await cli('finance:statement', '--account', owner.accountId, '--month', '2026-13')).code).toBe(1);
    expect((await cli('finance:statement', '--account', 'acct_000000000000000000000000', '--month', month)).stdout).toContain('no account');
    fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
