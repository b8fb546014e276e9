import { Client, Connection } from '@temporalio/client';
import { createServer, Server } from 'node:http';
import { Socket } from 'node:net';
import { Database } from '@astro/database';
import { publishEvent, REPORT_COMPLETED } from '@astro/delivery';
import { webhookDeliveryWorkflow } from '@astro/workflows';
import { connectTemporal, createCustomer, useTestPlatform } from './support/fixture';
import { eventually, TestApi } from './support/harness';

// Webhook deliveries run on their own task queue and worker: deliveries stuck on a receiver that
// never answers must not delay a job, which has its own queue. The size it must hold: 2,000
// pending deliveries (STARVATION_DELIVERIES changes it for a quicker local run).
const PENDING = Number(process.env.STARVATION_DELIVERIES || 2000);
/** Deliveries published at once, each on its own connection of the publisher's pool. */
const PUBLISH_CONCURRENCY = 16;

let db: Database;
let publisherDb: Database;
let api: TestApi;
let stalling: Server;
/** Every connection the receiver got (one per attempt), and those it still holds open. */
const sockets = new Set<Socket>();
const open = new Set<Socket>();
let temporal: { connection: Connection; client: Client };

useTestPlatform(
  async (p) => {
    ({ db, api } = p);
    // A receiver that accepts connections and never answers (each attempt waits for its timeout).
    stalling = createServer(() => undefined);
    stalling.on('connection', (s) => {
      sockets.add(s);
      open.add(s);
      s.on('close', () => open.delete(s));
    });
    await new Promise<void>((r) => stalling.listen(0, '127.0.0.1', r));
    temporal = await connectTemporal(p.config);
    publisherDb = await Database.connect(process.env.TEST_DATABASE_ADMIN_URL!, {
      poolSize: PUBLISH_CONCURRENCY,
      applicationName: 'astro-test-publisher',
    });
  },
  { env: { OUTBOUND_ALLOWLIST: '127.0.0.1/32' }, worker: true },
);
afterAll(async () => {
  // The pending deliveries are left to the test server, which the global teardown stops.
  await temporal.connection.close();
  for (const s of sockets) s.destroy();
  stalling.close();
  await publisherDb.close();
});

it(`runs a job while ${PENDING} webhook deliveries wait on a stalling receiver, not behind them`, async () => {
  const { accountId, apiKey, session } = await createCustomer(db, api, { credits: 10 });
  const { port } = stalling.address() as { port: number };
  const hook = await api.http.post(
    '/v1/report-webhooks',
    { url: `http://127.0.0.1:${port}/never`, events: [REPORT_COMPLETED] },
    { key: session },
  );
  expect(hook.status).toBe(201);

  const runtime = {
    db: publisherDb,
    client: temporal.client,
    taskQueue: api.config.temporal.deliveryTaskQueue,
    retrySchedule: api.config.webhookRetrySchedule,
    workflow: webhookDeliveryWorkflow,
  };
  for (let start = 0; start < PENDING; start += PUBLISH_CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(PUBLISH_CONCURRENCY, PENDING - start) }, (_, i) =>
        publishEvent(runtime, {
          id: `${REPORT_COMPLETED}:job_${String(start + i).padStart(24, '0')}`,
          type: REPORT_COMPLETED,
          accountId,
          timestamp: new Date().toISOString(),
          subjectId: `job_${String(start + i).padStart(24, '0')}`,
          data: { job_id: `job_${String(start + i).padStart(24, '0')}`, status: 'succeeded' },
        }),
      ),
    );
  }
  // The delivery worker is busy with the stalled attempts…
  await eventually(async () => (sockets.size >= 10 ? true : undefined), 120_000, 'deliveries to reach the stalling receiver');

  // …and a job queued now still runs on the jobs queue, not behind the backlog.
  const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-04-10T00:00:00Z' }, { key: apiKey });
  expect(queued.status).toBe(202);
  await eventually(
    async () => {
      const job = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: apiKey });
      return job.body.status === 'succeeded' ? job.body : undefined;
    },
    300_000,
    'the job to finish while deliveries are stalled',
  );
  // Judged against the deliveries, not the clock: when the job had finished, attempts were still
  // held open by the receiver and most deliveries had not even had their first attempt (each waits
  // 10 s for its timeout, 50 at a time: the backlog takes minutes).
  expect(open.size).toBeGreaterThan(0);
  expect(sockets.size).toBeLessThan(PENDING);
}, 600_000);
