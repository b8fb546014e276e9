// What the report tests share: a logo to fetch, a worker whose rendering can be made to fail for
// good, waiting for a job to finish, its artifacts, its refund and a refused request.
import { ApplicationFailure } from '@temporalio/activity';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { JobRecord } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { TestPlatform, useTestPlatform } from './fixture';
import { createAccount, eventually, TestApi, WrapActivities } from './harness';

/** The brand name whose reports fail to render on every attempt (failingRender). */
export const FAIL_RENDER = 'FAIL-RENDER';

/** The real activities; rendering fails for good only for the brand named FAIL_RENDER. */
export const failingRender: WrapActivities = (real) => ({
  ...real,
  async renderReportPdf(input) {
    if (input.branding.brand_name === FAIL_RENDER) throw ApplicationFailure.retryable('injected: Chromium crashed', 'render_failed');
    return real.renderReportPdf(input);
  },
});

/** The colour of the test logo (a flat 800 × 200 PNG), to find it again in a rendered page. */
export const LOGO_COLOUR = '#1a7f5a';

/** A local HTTP server of the test logo at `${base}/logo.png`, any other path a 404 (OUTBOUND_ALLOWLIST must let 127.0.0.1 through); close it after the tests. */
export async function logoServer(): Promise<LogoServer> {
  const logo = await sharp({ create: { width: 800, height: 200, channels: 3, background: LOGO_COLOUR } })
    .png()
    .toBuffer();
  const server = http.createServer((req, res) =>
    req.url === '/logo.png' ? res.writeHead(200, { 'Content-Type': 'image/png' }).end(logo) : res.writeHead(404).end(),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The test logo's server (logoServer). */
export interface LogoServer {
  base: string;
  close: () => Promise<void>;
}

/**
 * The platform of a report test file, started before its tests and stopped after them: the worker
 * renders for real but fails for the brand FAIL_RENDER, the test logo is served, and the API may
 * fetch it (OUTBOUND_ALLOWLIST 127.0.0.1). `ready` takes the platform and the logo's server.
 */
export function useReportPlatform(
  ready: (platform: TestPlatform, logos: LogoServer) => unknown,
  options: { receiver?: boolean } = {},
): void {
  let logos: LogoServer | undefined;
  useTestPlatform(
    async (p) => {
      logos = await logoServer();
      await ready(p, logos);
    },
    { env: { OUTBOUND_ALLOWLIST: '127.0.0.1/32' }, worker: failingRender, receiver: options.receiver },
  );
  afterAll(() => logos?.close());
}

/** The job record once the job has succeeded or failed. */
export async function finishedJob(api: TestApi, jobId: string, key: string, timeoutMs = 90_000): Promise<JobRecord> {
  return eventually(
    async () => {
      const response = await api.http.get(`/api/v3/jobs/${jobId}`, { key });
      return ['succeeded', 'failed'].includes(response.body.status) ? (response.body as JobRecord) : undefined;
    },
    timeoutMs,
    `report ${jobId}`,
  );
}

/** A finished job's artifact (`pdf`, `hosted`, `json`) through its signed link, which must answer 200. */
export async function fetchArtifact(api: TestApi, job: JobRecord, name: string): Promise<Response> {
  const response = await fetch(api.http.baseUrl + job.artifacts[name].url);
  expect(response.status).toBe(200);
  return response;
}

/**
 * A job that failed in rendering was refunded exactly once, by its own refund event, and the
 * account's balance is back to `balance`.
 */
export async function expectRefundedOnce(
  db: Database,
  api: TestApi,
  job: JobRecord,
  account: { accountId: string; apiKey: string },
  balance: number,
) {
  const price = job.credits_charged;
  expect(job).toMatchObject({ status: 'failed', error_code: 'render_failed', credits_refunded: price, artifacts: {} });
  const ledger = await readStream(db, `account:${account.accountId}`);
  expect(ledger.filter((e) => e.type === 'CreditsRefunded').map((e) => e.payload)).toEqual([
    { job_id: job.job_id, amount: price, reason: 'render_failed' },
  ]);
  expect((await api.http.get('/v1/account', { key: account.apiKey })).body.credits_balance).toBe(balance);
}

/** A report request answered 400 with a message naming `field`, from an account that is charged nothing. */
export async function expectRefusedUncharged(db: Database, api: TestApi, path: string, body: object, field: string) {
  const { accountId, apiKey } = await createAccount(db, { credits: 100 });
  const response = await api.http.post(path, body, { key: apiKey });
  expect(response.status).toBe(400);
  expect(response.body.message).toContain(field);
  expect((await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(0);
}

/** The branding the report tests queue with: a brand colour, the logo of logoServer and a contact. */
export const testBranding = (logoBase: string) => ({
  brand_name: 'Siam Stars',
  primary_color: '#c0392b',
  logo_url: `${logoBase}/logo.png`,
  contact_email: 'hello@siamstars.example',
});
