import { ApplicationFailure } from '@temporalio/activity';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { JobRecord } from '@astro/contracts';
import { eventually, TestApi, WrapActivities } from './harness';

// What the report tests share: a brand's logo served over HTTP, a worker whose rendering can be
// made to fail for good, and polling a job until it finishes.

/** The colour of the test logo (a flat 800 × 200 PNG), to find it again in a rendered page. */
export const LOGO_COLOUR = '#1a7f5a';

/** A local HTTP server answering /logo.png with the test logo (any other path: 404); close it after the tests. */
export async function startLogoServer(): Promise<{ base: string; close(): Promise<void> }> {
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

/** The real activities; rendering fails for good only for the brand named FAIL-RENDER. */
export const renderFailsForBrandFailRender: WrapActivities = (real) => ({
  ...real,
  async renderReportPdf(input) {
    if ((input.branding as { brand_name: string }).brand_name === 'FAIL-RENDER') {
      throw ApplicationFailure.retryable('injected: Chromium crashed', 'render_failed');
    }
    return real.renderReportPdf(input);
  },
});

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
