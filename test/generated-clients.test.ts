import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { createAstroClient, downloadArtifact, verifyWebhook, waitForJob } from '@astro/client';
import { Database } from '@astro/database';
import { createAccount, eventually, startApi, TestApi, testConfig } from './support/harness';
import { useTestPlatform } from './support/fixture';
import { openApiContract } from './support/openapi-contract';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * The API as a new customer integrates it, with clients nobody here wrote: each generator makes a
 * client from the live document (GET /docs-json of the running API), the clients compile under
 * `tsc --strict`, and through each one runs the main flow (account, natal chart, a webhook
 * subscription, a queued PDF report, polling, the download, the webhook verified with
 * `standardwebhooks`) passing only what a new user knows: the base URL and the API key.
 */
const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);
const bin = (file: string) => path.join(ROOT, 'node_modules', file);

let db: Database;
let api: TestApi;
let receiver: WebhookReceiver;
useTestPlatform((p) => ({ db, api, receiver } = p), { worker: true, receiver: true });

/** What a generated client's flow answers: what it got, and the header names of each answer. */
interface FlowResult {
  accountId: string;
  planets: number;
  webhookSecret: string;
  jobId: string;
  pdf: number[];
  answers: { method: string; path: string; status: number; headers: string[] }[];
}
interface Flow {
  run(baseUrl: string, apiKey: string, webhookUrl: string): Promise<FlowResult>;
  verify(secret: string, body: string, headers: Record<string, string>): { type: string; jobId: string };
}

const SOLAR_RETURN = {
  birth_subject: { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 },
  target_year: 2026,
  name: 'Somchai Jaidee',
};
const NATAL = { birth_datetime: '1990-05-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 };

/** The flow through openapi-fetch over the types openapi-typescript generated (`./schema`). */
const OPENAPI_FETCH_FLOW = `
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { paths, webhooks } from './schema';

type Answer = { method: string; path: string; status: number; headers: string[] };

export async function run(baseUrl: string, apiKey: string, webhookUrl: string) {
  const client = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } });
  const answers: Answer[] = [];
  const note = (method: string, path: string, response: Response) =>
    answers.push({ method, path, status: response.status, headers: [...response.headers.keys()] });

  const account = await client.GET('/v1/account');
  note('GET', '/v1/account', account.response);
  if (!account.data) throw new Error('account: ' + account.response.status);
  const chart = await client.POST('/v1/natal-chart', { body: ${JSON.stringify(NATAL)} });
  note('POST', '/v1/natal-chart', chart.response);
  if (!chart.data) throw new Error('natal chart: ' + chart.response.status);
  const hook = await client.POST('/v1/report-webhooks', { body: { url: webhookUrl, events: ['report.completed'] } });
  note('POST', '/v1/report-webhooks', hook.response);
  if (!hook.data) throw new Error('webhook: ' + hook.response.status);
  const queued = await client.POST('/api/v3/reports/solar-return/pdf', { body: ${JSON.stringify(SOLAR_RETURN)} });
  note('POST', '/api/v3/reports/solar-return/pdf', queued.response);
  if (!queued.data) throw new Error('queue: ' + queued.response.status);
  let job = (await client.GET('/api/v3/jobs/{job_id}', { params: { path: { job_id: queued.data.job_id } } })).data;
  while (job && job.status !== 'succeeded' && job.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const polled = await client.GET('/api/v3/jobs/{job_id}', { params: { path: { job_id: queued.data.job_id } } });
    note('GET', '/api/v3/jobs/{job_id}', polled.response);
    job = polled.data;
  }
  if (!job || job.status !== 'succeeded') throw new Error('the job did not succeed: ' + JSON.stringify(job));
  const link = new URL(job.artifacts.pdf.url, baseUrl);
  const [, , , jobId, name] = link.pathname.split('/');
  const pdf = await client.GET('/v1/artifacts/{job_id}/{name}', {
    params: {
      path: { job_id: jobId, name },
      query: { expires: Number(link.searchParams.get('expires')), signature: String(link.searchParams.get('signature')) },
    },
    parseAs: 'blob',
  });
  note('GET', '/v1/artifacts/{job_id}/{name}', pdf.response);
  if (!pdf.data) throw new Error('download: ' + pdf.response.status);
  return {
    accountId: account.data.account_id,
    planets: chart.data.chart.planets.length,
    webhookSecret: hook.data.secret,
    jobId: job.job_id,
    pdf: [...new Uint8Array(await pdf.data.arrayBuffer())],
    answers,
  };
}

type ReportCompleted = webhooks['report.completed']['post']['requestBody']['content']['application/json'];

export function verify(secret: string, body: string, headers: Record<string, string>) {
  const event = new Webhook(secret).verify(body, headers) as ReportCompleted;
  return { type: event.type, jobId: event.data.job_id };
}
`;

/** The flow through the SDK functions @hey-api/openapi-ts generated (`./client`). */
const HEY_API_FLOW = `
import { Webhook } from 'standardwebhooks';
import { client } from './client/client.gen';
import { createNatalChart, createReportWebhook, downloadArtifact, getAccount, getJob, queueSolarReturnPdf } from './client/sdk.gen';
import type { ReportCompletedEvent } from './client/types.gen';

type Answer = { method: string; path: string; status: number; headers: string[] };

export async function run(baseUrl: string, apiKey: string, webhookUrl: string) {
  // hey-api's auth callback is asked once per security scheme of an operation: the key goes to the API-key scheme.
  client.setConfig({ baseUrl, auth: (scheme) => (scheme.type === 'apiKey' ? apiKey : undefined) });
  const answers: Answer[] = [];
  const note = (method: string, path: string, response: Response) =>
    answers.push({ method, path, status: response.status, headers: [...response.headers.keys()] });

  const account = await getAccount();
  note('GET', '/v1/account', account.response!);
  if (!account.data) throw new Error('account: ' + account.response?.status);
  const chart = await createNatalChart({ body: ${JSON.stringify(NATAL)} });
  note('POST', '/v1/natal-chart', chart.response!);
  if (!chart.data) throw new Error('natal chart: ' + chart.response?.status);
  const hook = await createReportWebhook({ body: { url: webhookUrl, events: ['report.completed'] } });
  note('POST', '/v1/report-webhooks', hook.response!);
  if (!hook.data) throw new Error('webhook: ' + hook.response?.status);
  const queued = await queueSolarReturnPdf({ body: ${JSON.stringify(SOLAR_RETURN)} });
  note('POST', '/api/v3/reports/solar-return/pdf', queued.response!);
  if (!queued.data) throw new Error('queue: ' + queued.response?.status);
  let job = (await getJob({ path: { job_id: queued.data.job_id } })).data;
  while (job && job.status !== 'succeeded' && job.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const polled = await getJob({ path: { job_id: queued.data.job_id } });
    note('GET', '/api/v3/jobs/{job_id}', polled.response!);
    job = polled.data;
  }
  if (!job || job.status !== 'succeeded') throw new Error('the job did not succeed: ' + JSON.stringify(job));
  const link = new URL(job.artifacts.pdf.url, baseUrl);
  const [, , , jobId, name] = link.pathname.split('/');
  const pdf = await downloadArtifact({
    path: { job_id: jobId, name },
    query: { expires: Number(link.searchParams.get('expires')), signature: String(link.searchParams.get('signature')) },
  });
  note('GET', '/v1/artifacts/{job_id}/{name}', pdf.response!);
  if (!pdf.data) throw new Error('download: ' + pdf.response?.status);
  // hey-api types a response with several media types by its JSON one; the PDF arrives as the Blob it is.
  if (!(pdf.data instanceof Blob)) throw new Error('the PDF did not arrive as a Blob');
  const bytes = pdf.data;
  return {
    accountId: account.data.account_id,
    planets: chart.data.chart.planets.length,
    webhookSecret: hook.data.secret,
    jobId: job.job_id,
    pdf: [...new Uint8Array(await bytes.arrayBuffer())],
    answers,
  };
}

export function verify(secret: string, body: string, headers: Record<string, string>) {
  const event = new Webhook(secret).verify(body, headers) as ReportCompletedEvent;
  return { type: event.type, jobId: event.data.job_id };
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'commonjs',
    moduleResolution: 'node',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    esModuleInterop: true,
    skipLibCheck: true,
    outDir: 'out',
    rootDir: '.',
  },
  include: ['openapi-fetch/**/*.ts', 'hey-api/**/*.ts'],
};

/** Generated once for the file: both clients from the live document, compiled with one tsc call. */
let work: string;
let flows: Record<'openapi-fetch' | 'hey-api', Flow>;
let liveSchemaTypes: string;

beforeAll(async () => {
  // Under the repository (var/ is ignored), so the compiled clients find openapi-fetch and standardwebhooks.
  work = path.join(ROOT, 'var', 'generated-clients', randomBytes(4).toString('hex'));
  fs.mkdirSync(path.join(work, 'openapi-fetch'), { recursive: true });
  fs.mkdirSync(path.join(work, 'hey-api'), { recursive: true });
  const document = `${api.http.baseUrl}/docs-json`;
  await Promise.all([
    run(process.execPath, [bin('openapi-typescript/bin/cli.js'), document, '-o', path.join(work, 'openapi-fetch', 'schema.ts')], {
      cwd: ROOT,
    }),
    run(process.execPath, [bin('@hey-api/openapi-ts/bin/run.js'), '-i', document, '-o', path.join(work, 'hey-api', 'client')], {
      cwd: ROOT,
    }),
  ]);
  liveSchemaTypes = fs.readFileSync(path.join(work, 'openapi-fetch', 'schema.ts'), 'utf8');
  fs.writeFileSync(path.join(work, 'openapi-fetch', 'flow.ts'), OPENAPI_FETCH_FLOW);
  fs.writeFileSync(path.join(work, 'hey-api', 'flow.ts'), HEY_API_FLOW);
  fs.writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  try {
    await run(process.execPath, [bin('typescript/bin/tsc'), '-p', path.join(work, 'tsconfig.json')], { cwd: work });
  } catch (err) {
    throw new Error(`the generated clients do not compile under tsc --strict:\n${(err as { stdout?: string }).stdout ?? err}`);
  }
  flows = {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the clients compiled just now
    'openapi-fetch': require(path.join(work, 'out', 'openapi-fetch', 'flow.js')) as Flow,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the clients compiled just now
    'hey-api': require(path.join(work, 'out', 'hey-api', 'flow.js')) as Flow,
  };
}, 240_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function webhookFor(path: string, jobId: string) {
  return eventually(async () => receiver.at(path).find((w) => w.body.includes(jobId)), 30_000, `the webhook of ${jobId}`);
}

describe.each(['openapi-fetch', 'hey-api'] as const)('a client generated by %s from the live document', (generator) => {
  it('runs account, natal chart, a queued PDF, polling, the download and a verified webhook', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 200 });
    const hookPath = `/${generator}/${randomBytes(4).toString('hex')}`;
    const result = await flows[generator].run(api.http.baseUrl, apiKey, receiver.script(hookPath, []));
    expect(result.accountId).toBe(accountId);
    expect(result.planets).toBeGreaterThan(9);
    expect(Buffer.from(result.pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const delivered = await webhookFor(hookPath, result.jobId);
    const headers = Object.fromEntries(Object.entries(delivered.headers).map(([name, value]) => [name, String(value)]));
    expect(flows[generator].verify(result.webhookSecret, delivered.body, headers)).toEqual({
      type: 'report.completed',
      jobId: result.jobId,
    });
    // A body altered on the way does not verify.
    expect(() => flows[generator].verify(result.webhookSecret, delivered.body.replace('succeeded', 'failed'), headers)).toThrow();

    // Every header of every answer is one the document declares for that operation and status.
    const contract = openApiContract();
    const undeclared = result.answers.flatMap((answer) => {
      const operation = contract.operationFor(answer.method, answer.path)!;
      return contract.undeclaredHeaders(operation, answer.status, answer.headers).map((name) => `${answer.method} ${answer.path}: ${name}`);
    });
    expect(undeclared).toEqual([]);
  });
});

describe('the typed client in the repository (clients/typescript)', () => {
  it('is generated from the live document: its committed types are what openapi-typescript makes of it now', () => {
    const committed = fs.readFileSync(path.join(ROOT, 'clients', 'typescript', 'src', 'schema.ts'), 'utf8');
    if (committed !== liveSchemaTypes) {
      throw new Error('clients/typescript/src/schema.ts is not what the live document generates: run `npm run client:generate`');
    }
  });

  it('queues a PDF, waits for it, downloads it and verifies its webhook', async () => {
    const { apiKey } = await createAccount(db, { tier: 'pro', credits: 200 });
    const client = createAstroClient({ baseUrl: api.http.baseUrl, apiKey });
    const hookPath = `/client/${randomBytes(4).toString('hex')}`;
    const hook = await client.POST('/v1/report-webhooks', { body: { url: receiver.script(hookPath, []), events: ['report.completed'] } });
    const queued = await client.POST('/api/v3/reports/solar-return/pdf', { body: SOLAR_RETURN });
    expect(queued.response.status).toBe(202);
    const job = await waitForJob(client, queued.data!.job_id, { intervalMs: 200 });
    expect(job.status).toBe('succeeded');
    const pdf = await downloadArtifact(client, api.http.baseUrl, job.artifacts.pdf);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const delivered = await webhookFor(hookPath, job.job_id);
    const event = verifyWebhook(hook.data!.secret, delivered.body, delivered.headers);
    expect(event.type).toBe('report.completed');
    if (event.type === 'report.completed') expect(event.data.job_id).toBe(job.job_id);
    expect(() => verifyWebhook(hook.data!.secret, delivered.body + ' ', delivered.headers)).toThrow();
  });

  it('retries a 429 after its Retry-After and answers the call that then succeeds', async () => {
    // Its own API, with a limit of two requests a minute for the free tier, on a clock that only the
    // client's sleep moves: the third call meets the limit however slow the machine, and the wait
    // the client takes is what turns the window over.
    const windowMs = 60_000;
    let now = Math.floor(Date.now() / windowMs) * windowMs;
    const limited = await startApi(testConfig({ RATE_LIMIT_FREE: '2', RATE_LIMIT_WINDOW_SECONDS: String(windowMs / 1000) }), {
      rateLimitClock: () => now,
    });
    try {
      const { apiKey } = await createAccount(db, { tier: 'free', credits: 10 });
      const waits: number[] = [];
      const sleep = async (ms: number) => {
        waits.push(ms);
        now += ms;
      };
      const client = createAstroClient({ baseUrl: limited.http.baseUrl, apiKey, retry: { sleep } });
      for (let call = 0; call < 3; call++) expect((await client.GET('/v1/account')).response.status).toBe(200);
      // The third call was refused once; the client waited as long as Retry-After said (the rest of the window), then it went through.
      expect(waits).toEqual([windowMs]);

      const impatient = createAstroClient({ baseUrl: limited.http.baseUrl, apiKey, retry: { retries: 0 } });
      // The retried call was the first of the new window: one more goes through, the next is refused.
      expect((await impatient.GET('/v1/account')).response.status).toBe(200);
      const refused = (await impatient.GET('/v1/account')).response;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBe(windowMs / 1000);
      expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
    } finally {
      await limited.close();
    }
  });
});
