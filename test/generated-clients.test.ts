import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createAstroClient, downloadArtifact, verifyWebhook, waitForJob } from '@astro/client';
import { Database } from '@astro/database';
import { createAccount, eventually, startApi, TestApi, testConfig } from './support/harness';
import { useTestPlatform } from './support/fixture';
import { openApiContract } from './support/openapi-contract';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * The API as a new customer integrates it, with clients nobody here wrote, each at its README's
 * defaults: openapi-typescript + openapi-fetch, @hey-api/openapi-ts and orval each generate a client
 * from the live document (GET /docs-json of the running API); the three compile under `tsc --strict`
 * with Bundler and with NodeNext resolution; and through each runs the main flow (account, a place,
 * a natal chart, a brand profile, a webhook subscription, a branded PDF, polling, the download)
 * passing only what a new user knows: the base URL and the API key. The PDF must arrive intact
 * (pdfinfo reads it, every byte there), and the webhook body must validate against the document's
 * own `webhooks` schema (ajv) and verify with `standardwebhooks`. No call is worked around.
 */
const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);
const bin = (file: string) => path.join(ROOT, 'node_modules', file);

let db: Database;
let api: TestApi;
let receiver: WebhookReceiver;
useTestPlatform((p) => ({ db, api, receiver } = p), { worker: true, receiver: true });

type Generator = 'openapi-fetch' | 'hey-api' | 'orval';
const GENERATORS: Generator[] = ['openapi-fetch', 'hey-api', 'orval'];

/** What a generated client's flow answers: what it got, and the header names of each answer. */
interface FlowResult {
  accountId: string;
  places: number;
  planets: number;
  brandProfileId: string;
  webhookSecret: string;
  jobId: string;
  pdfBytes: number;
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
const BRAND = { name: 'Main', branding: { brand_name: 'Lotus Astro', primary_color: '#2255aa' } };

/** The path and query of a signed link (`job.artifacts.pdf.url`): what every generated download takes. */
const LINK_PARTS = `
function linkParts(url: string, baseUrl: string) {
  const link = new URL(url, baseUrl);
  const match = /\\/v1\\/artifacts\\/([^/]+)\\/([^/]+)\\.pdf$/.exec(link.pathname);
  if (!match) throw new Error('not a PDF link: ' + url);
  return {
    jobId: match[1],
    name: match[2],
    query: { expires: Number(link.searchParams.get('expires')), signature: String(link.searchParams.get('signature')) },
  };
}
type Answer = { method: string; path: string; status: number; headers: string[] };
`;

/** The flow through openapi-fetch over the types openapi-typescript generated (`./schema`). */
const OPENAPI_FETCH_FLOW = `
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { paths, webhooks } from './schema';
${LINK_PARTS}
export async function run(baseUrl: string, apiKey: string, webhookUrl: string) {
  const client = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } });
  const answers: Answer[] = [];
  const note = (method: string, path: string, response: Response) =>
    answers.push({ method, path, status: response.status, headers: [...response.headers.keys()] });

  const account = await client.GET('/v1/account');
  note('GET', '/v1/account', account.response);
  if (!account.data) throw new Error('account: ' + account.response.status);
  const places = await client.GET('/v1/places', { params: { query: { q: 'Bangkok' } } });
  note('GET', '/v1/places', places.response);
  if (!places.data) throw new Error('places: ' + places.response.status);
  const chart = await client.POST('/v1/natal-chart', { body: ${JSON.stringify(NATAL)} });
  note('POST', '/v1/natal-chart', chart.response);
  if (!chart.data) throw new Error('natal chart: ' + chart.response.status);
  const brand = await client.POST('/v1/report-brand-profiles', { body: ${JSON.stringify(BRAND)} });
  note('POST', '/v1/report-brand-profiles', brand.response);
  if (!brand.data) throw new Error('brand profile: ' + brand.response.status);
  const hook = await client.POST('/v1/report-webhooks', { body: { url: webhookUrl, events: ['report.completed'] } });
  note('POST', '/v1/report-webhooks', hook.response);
  if (!hook.data) throw new Error('webhook: ' + hook.response.status);
  const queued = await client.POST('/api/v3/reports/solar-return/pdf', {
    body: { ...${JSON.stringify(SOLAR_RETURN)}, brand_profile_id: brand.data.id },
    params: { header: { 'Idempotency-Key': 'order-' + brand.data.id } },
  });
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
  const link = linkParts(job.artifacts.pdf.url, baseUrl);
  const pdf = await client.GET('/v1/artifacts/{job_id}/{name}.pdf', {
    params: { path: { job_id: link.jobId, name: link.name }, query: link.query },
    parseAs: 'blob',
  });
  note('GET', '/v1/artifacts/{job_id}/{name}.pdf', pdf.response);
  if (!pdf.data) throw new Error('download: ' + pdf.response.status);
  return {
    accountId: account.data.account_id,
    places: places.data.places.length,
    planets: chart.data.chart.planets.length,
    brandProfileId: brand.data.id,
    webhookSecret: hook.data.secret,
    jobId: job.job_id,
    pdfBytes: job.artifacts.pdf.bytes,
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

/** The flow through the SDK functions @hey-api/openapi-ts generated (`./client`), its default fetch client. */
const HEY_API_FLOW = `
import { Webhook } from 'standardwebhooks';
import { client } from './client/client.gen';
import {
  createNatalChart,
  createReportBrandProfile,
  createReportWebhook,
  downloadPdfArtifact,
  getAccount,
  getJob,
  queueSolarReturnPdf,
  searchPlaces,
} from './client/sdk.gen';
import type { ReportCompletedEvent } from './client/types.gen';
${LINK_PARTS}
export async function run(baseUrl: string, apiKey: string, webhookUrl: string) {
  // hey-api asks the auth callback once per security scheme of an operation: the key is the X-API-Key scheme's.
  client.setConfig({ baseUrl, auth: (scheme) => (scheme.type === 'apiKey' ? apiKey : undefined) });
  const answers: Answer[] = [];
  const note = (method: string, path: string, response: Response) =>
    answers.push({ method, path, status: response.status, headers: [...response.headers.keys()] });

  const account = await getAccount();
  note('GET', '/v1/account', account.response!);
  if (!account.data) throw new Error('account: ' + account.response?.status);
  const places = await searchPlaces({ query: { q: 'Bangkok' } });
  note('GET', '/v1/places', places.response!);
  if (!places.data) throw new Error('places: ' + places.response?.status);
  const chart = await createNatalChart({ body: ${JSON.stringify(NATAL)} });
  note('POST', '/v1/natal-chart', chart.response!);
  if (!chart.data) throw new Error('natal chart: ' + chart.response?.status);
  const brand = await createReportBrandProfile({ body: ${JSON.stringify(BRAND)} });
  note('POST', '/v1/report-brand-profiles', brand.response!);
  if (!brand.data) throw new Error('brand profile: ' + brand.response?.status);
  const hook = await createReportWebhook({ body: { url: webhookUrl, events: ['report.completed'] } });
  note('POST', '/v1/report-webhooks', hook.response!);
  if (!hook.data) throw new Error('webhook: ' + hook.response?.status);
  const queued = await queueSolarReturnPdf({
    body: { ...${JSON.stringify(SOLAR_RETURN)}, brand_profile_id: brand.data.id },
    headers: { 'Idempotency-Key': 'order-' + brand.data.id },
  });
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
  const link = linkParts(job.artifacts.pdf.url, baseUrl);
  const pdf = await downloadPdfArtifact({ path: { job_id: link.jobId, name: link.name }, query: link.query });
  note('GET', '/v1/artifacts/{job_id}/{name}.pdf', pdf.response!);
  if (!pdf.data) throw new Error('download: ' + pdf.response?.status);
  return {
    accountId: account.data.account_id,
    places: places.data.places.length,
    planets: chart.data.chart.planets.length,
    brandProfileId: brand.data.id,
    webhookSecret: hook.data.secret,
    jobId: job.job_id,
    pdfBytes: job.artifacts.pdf.bytes,
    pdf: [...new Uint8Array(await pdf.data.arrayBuffer())],
    answers,
  };
}

export function verify(secret: string, body: string, headers: Record<string, string>) {
  const event = new Webhook(secret).verify(body, headers) as ReportCompletedEvent;
  return { type: event.type, jobId: event.data.job_id };
}
`;

/**
 * The flow through the functions orval generated (`./api`), its default axios client, configured
 * once as orval's README says (axios' defaults: base URL and the key header). In Node, axios' http
 * adapter returns every responseType but arraybuffer as a string, so the client uses axios' fetch
 * adapter, which gives the Blob the document's binary download asks for.
 */
const ORVAL_FLOW = `
import axios, { type AxiosResponse } from 'axios';
import { Webhook } from 'standardwebhooks';
import {
  createNatalChart,
  createReportBrandProfile,
  createReportWebhook,
  downloadPdfArtifact,
  getAccount,
  getJob,
  queueSolarReturnPdf,
  searchPlaces,
  type ReportCompletedEvent,
} from './api';
${LINK_PARTS}
export async function run(baseUrl: string, apiKey: string, webhookUrl: string) {
  axios.defaults.baseURL = baseUrl;
  axios.defaults.headers.common['X-API-Key'] = apiKey;
  axios.defaults.adapter = 'fetch';
  const answers: Answer[] = [];
  const note = (method: string, path: string, response: AxiosResponse) =>
    answers.push({ method, path, status: response.status, headers: Object.keys(response.headers) });

  const account = await getAccount();
  note('GET', '/v1/account', account);
  const places = await searchPlaces({ q: 'Bangkok' });
  note('GET', '/v1/places', places);
  const chart = await createNatalChart(${JSON.stringify(NATAL)});
  note('POST', '/v1/natal-chart', chart);
  const brand = await createReportBrandProfile(${JSON.stringify(BRAND)});
  note('POST', '/v1/report-brand-profiles', brand);
  const hook = await createReportWebhook({ url: webhookUrl, events: ['report.completed'] });
  note('POST', '/v1/report-webhooks', hook);
  const queued = await queueSolarReturnPdf({ ...${JSON.stringify(SOLAR_RETURN)}, brand_profile_id: brand.data.id });
  note('POST', '/api/v3/reports/solar-return/pdf', queued);
  let job = (await getJob(queued.data.job_id)).data;
  while (job.status !== 'succeeded' && job.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const polled = await getJob(queued.data.job_id);
    note('GET', '/api/v3/jobs/{job_id}', polled);
    job = polled.data;
  }
  if (job.status !== 'succeeded') throw new Error('the job did not succeed: ' + JSON.stringify(job));
  const link = linkParts(job.artifacts.pdf.url, baseUrl);
  const pdf = await downloadPdfArtifact(link.jobId, link.name, link.query);
  note('GET', '/v1/artifacts/{job_id}/{name}.pdf', pdf);
  return {
    accountId: account.data.account_id,
    places: places.data.places.length,
    planets: chart.data.chart.planets.length,
    brandProfileId: brand.data.id,
    webhookSecret: hook.data.secret,
    jobId: job.job_id,
    pdfBytes: job.artifacts.pdf.bytes,
    pdf: [...new Uint8Array(await pdf.data.arrayBuffer())],
    answers,
  };
}

export function verify(secret: string, body: string, headers: Record<string, string>) {
  const event = new Webhook(secret).verify(body, headers) as ReportCompletedEvent;
  return { type: event.type, jobId: event.data.job_id };
}
`;

const FLOWS: Record<Generator, string> = { 'openapi-fetch': OPENAPI_FETCH_FLOW, 'hey-api': HEY_API_FLOW, orval: ORVAL_FLOW };

/** tsc --strict over the three clients and their flows, with Bundler or NodeNext resolution (NodeNext emits the code run here). */
function tsconfig(resolution: 'Bundler' | 'NodeNext') {
  return {
    compilerOptions: {
      strict: true,
      target: 'ES2022',
      module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
      moduleResolution: resolution,
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      skipLibCheck: true,
      ...(resolution === 'NodeNext' ? { outDir: 'out', rootDir: '.' } : { noEmit: true }),
    },
    include: GENERATORS.map((generator) => `${generator}/**/*.ts`),
  };
}

/** Generated once for the file: the three clients from the live document, compiled twice, the NodeNext build loaded. */
let work: string;
let flows: Record<Generator, Flow>;
let liveSchemaTypes: string;
let liveDocument: { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }> };

beforeAll(async () => {
  // Under the repository (var/ is ignored, and CommonJS by the root package.json), so the clients find their packages.
  work = path.join(ROOT, 'var', 'generated-clients', randomBytes(4).toString('hex'));
  for (const generator of GENERATORS) fs.mkdirSync(path.join(work, generator), { recursive: true });
  const document = `${api.http.baseUrl}/docs-json`;
  liveDocument = (await (await fetch(document)).json()) as typeof liveDocument;
  // One at a time: each generator is a Node process of its own, and the machine is shared.
  await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), document, '-o', path.join(work, 'openapi-fetch', 'schema.ts')], {
    cwd: ROOT,
  });
  await run(process.execPath, [bin('@hey-api/openapi-ts/bin/run.js'), '-i', document, '-o', path.join(work, 'hey-api', 'client')], {
    cwd: ROOT,
  });
  await run(process.execPath, [bin('orval/dist/bin/orval.js'), '--input', document, '--output', path.join(work, 'orval', 'api.ts')], {
    cwd: ROOT,
  });
  liveSchemaTypes = fs.readFileSync(path.join(work, 'openapi-fetch', 'schema.ts'), 'utf8');
  for (const generator of GENERATORS) fs.writeFileSync(path.join(work, generator, 'flow.ts'), FLOWS[generator]);
  for (const resolution of ['Bundler', 'NodeNext'] as const) {
    const config = path.join(work, `tsconfig.${resolution.toLowerCase()}.json`);
    fs.writeFileSync(config, JSON.stringify(tsconfig(resolution), null, 2));
    try {
      await run(process.execPath, [bin('typescript/bin/tsc'), '-p', config], { cwd: work });
    } catch (err) {
      throw new Error(
        `the generated clients do not compile under tsc --strict (${resolution}):\n${(err as { stdout?: string }).stdout ?? err}`,
      );
    }
  }
  flows = Object.fromEntries(
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the clients compiled just now
    GENERATORS.map((generator) => [generator, require(path.join(work, 'out', generator, 'flow.js')) as Flow]),
  ) as Record<Generator, Flow>;
}, 420_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function webhookFor(path: string, jobId: string) {
  return eventually(async () => receiver.at(path).find((w) => w.body.includes(jobId)), 30_000, `the webhook of ${jobId}`);
}

/** The document's own schema of a `report.completed` body, compiled by ajv (JSON Schema 2020-12, as OpenAPI 3.1). */
function reportCompletedValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...liveDocument, $id: 'served-document' });
  return ajv.compile({ $ref: 'served-document#/webhooks/report.completed/post/requestBody/content/application~1json/schema' });
}

/** What pdfinfo (poppler) reads of a PDF: its page count, or it throws on a file it cannot parse. */
function pdfInfoPages(pdf: Buffer): number {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.pdf`);
  fs.writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return Number(/^Pages:\s+(\d+)$/m.exec(info)![1]);
}

describe.each(GENERATORS)('a client generated by %s from the live document', (generator) => {
  it('runs account, place, natal chart, brand profile, a branded PDF, polling, an intact download and a webhook the document describes', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 200 });
    const hookPath = `/${generator}/${randomBytes(4).toString('hex')}`;
    const result = await flows[generator].run(api.http.baseUrl, apiKey, receiver.script(hookPath, []));
    expect(result.accountId).toBe(accountId);
    expect(result.places).toBeGreaterThan(0);
    expect(result.planets).toBeGreaterThan(9);
    expect(result.brandProfileId).toMatch(/^brand_[0-9a-f]{24}$/);
    // The PDF intact: every byte the job stored, and a file pdfinfo reads.
    const pdf = Buffer.from(result.pdf);
    expect(pdf.length).toBe(result.pdfBytes);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfInfoPages(pdf)).toBeGreaterThan(1);

    const delivered = await webhookFor(hookPath, result.jobId);
    // The body is what the document's `webhooks` section says it is.
    const validate = reportCompletedValidator();
    expect(validate(JSON.parse(delivered.body)) ? [] : validate.errors).toEqual([]);
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
