import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { Connection } from '@temporalio/client';
import { payloadCodec } from '@astro/codec';
import { PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { CHROMIUM_PATH } from '@astro/rendering';
import { createCodecServer } from '../apps/codec-server/src/codec-server';
import { codecServerSettings } from '../apps/codec-server/src/settings';
import { connectTestDatabase, createAccount, startApi, testConfig, TestApi } from './support/harness';

/* eslint-disable @typescript-eslint/no-require-imports -- the start script's own modules (plain JS) */
const { temporalUiCodec } = require('../scripts/lib/temporal-ui-codec') as {
  temporalUiCodec(options: { uiPort: number; codecPort: number; token: string }): {
    codecEndpoint: string;
    uiOrigins: string[];
    codecEnv: NodeJS.ProcessEnv;
  };
};
const { startTemporalDevServer } = require('../scripts/lib/temporal-dev-server') as {
  startTemporalDevServer(
    cli: string,
    options: { root: string; port: number; uiPort: number; codecEndpoint: string; logLevel: string },
  ): Promise<ChildProcess>;
};
const { stopChild } = require('../scripts/lib/processes') as { stopChild(child: ChildProcess): Promise<void> };
/* eslint-enable @typescript-eslint/no-require-imports */

/** A port nothing listens on now (the dev server and the codec server need fixed ones at start). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * The Temporal Web UI and the codec server exactly as `npm start` wires them
 * (scripts/lib/temporal-ui-codec.js, scripts/lib/temporal-dev-server.js), on ports of their own: a
 * report queued through the API shows its decoded input in the UI, and the codec server answers
 * nobody but the UI's page and holders of the token.
 */
describe('the Temporal Web UI decodes payloads through the codec server that npm start configures', () => {
  const token = 'codec-ui-test-token';
  let temporal: ChildProcess;
  let codecServer: ReturnType<typeof createCodecServer>;
  let api: TestApi;
  let db: Database;
  let browser: Browser;
  let uiOrigin: string;
  let codecEndpoint: string;
  let temporalAddress: string;
  let root: string;

  beforeAll(async () => {
    const [port, uiPort, codecPort] = [await freePort(), await freePort(), await freePort()];
    const setup = temporalUiCodec({ uiPort, codecPort, token });
    [uiOrigin] = setup.uiOrigins;
    codecEndpoint = setup.codecEndpoint;
    temporalAddress = `127.0.0.1:${port}`;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-ui-codec-'));
    temporal = await startTemporalDevServer(process.env.TEMPORAL_CLI_PATH!, { root, port, uiPort, codecEndpoint, logLevel: 'error' });
    const config = testConfig({ TEMPORAL_ADDRESS: temporalAddress });
    const settings = codecServerSettings(setup.codecEnv);
    codecServer = createCodecServer({ codec: payloadCodec(config), allowedOrigins: settings.allowedOrigins, token: settings.token });
    await codecServer.listen({ host: settings.host, port: settings.port });
    api = await startApi(config);
    db = await connectTestDatabase();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'], headless: true });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await db?.close();
    await codecServer?.close();
    if (temporal) await stopChild(temporal);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('shows the decoded input of a queued report on its workflow page, and only the UI and the token holder can decode', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const birth = { date: '1987-11-02', time: '06:41', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
    const queued = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { birth_subject: birth, target_year: 2026, name: 'Kanokwan Thongdee' },
      { key: apiKey },
    );
    expect(queued.status).toBe(202);
    const jobId: string = queued.body.job_id;

    // What the UI shows without decoding: the operator's fields are search attributes, never encoded.
    const connection = await Connection.connect({ address: temporalAddress });
    const described = await connection.workflowService
      .describeWorkflowExecution({ namespace: 'default', execution: { workflowId: jobId } })
      .finally(() => connection.close());
    const runId = described.workflowExecutionInfo!.execution!.runId!;
    const attributes = described.workflowExecutionInfo?.searchAttributes?.indexedFields ?? {};
    const readable = Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, JSON.parse(Buffer.from(v.data!).toString())]));
    expect(readable).toMatchObject({
      AstroJobKind: 'solar_return',
      AstroJobStage: 'queued',
      AstroOperation: 'report_solar_return',
      AstroPriceCredits: PRICES.report_solar_return.credits,
      AstroRequestId: queued.headers.get('x-request-id'),
    });

    const page = await browser.newPage();
    try {
      const decodes: number[] = [];
      page.on('response', (response) => {
        if (response.url() === `${codecEndpoint}/decode`) decodes.push(response.status());
      });
      await page.goto(`${uiOrigin}/namespaces/default/workflows/${jobId}/${runId}/history`);
      // The input holds the report request; the name reaches the page only through /decode.
      await page.getByText('Kanokwan Thongdee').first().waitFor({ timeout: 30_000 });
      expect(decodes.length).toBeGreaterThan(0);
      expect(decodes.every((status) => status === 200)).toBe(true);

      // A page of another origin (here the API's) is refused by the codec server, so the browser
      // gives it nothing; the same call from the UI's page succeeds.
      const decodeFromPage = () =>
        page.evaluate(
          (url) =>
            fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"payloads":[]}' }).then(
              (r) => r.status,
              (err: Error) => err.message,
            ),
          `${codecEndpoint}/decode`,
        );
      expect(await decodeFromPage()).toBe(200);
      await page.goto(`${api.http.baseUrl}/health`);
      expect(await decodeFromPage()).toMatch(/Failed to fetch/);
    } finally {
      await page.close();
    }

    // Outside a browser: no Origin and no token is a 401, a foreign Origin a 403, the token a 200.
    const post = (headers: Record<string, string>) =>
      fetch(`${codecEndpoint}/decode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ payloads: [] }),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ Authorization: 'Bearer not-the-token' })).status).toBe(401);
    expect((await post({ Origin: 'http://evil.example', Authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(200);
  });
});
