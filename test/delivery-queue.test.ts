import { Client, Connection } from '@temporalio/client';
import { createServer, Server } from 'node:http';
import { Socket } from 'node:net';
import { createCustomerUser } from '@astro/accounts';
import { payloadCodec } from '@astro/codec';
import { Database } from '@astro/database';
import { publishEvent, REPORT_COMPLETED } from '@astro/delivery';
import { connectTestDatabase, createAccount, eventually, startApi, startWorker, testConfig, TestApi, TestWorker } from './support/harness';

// Webhook deliveries run on their own task queue and worker: deliveries stuck on a receiver that
// never answers must not delay a job, which has its own queue. The size: 2,000 pending
// deliveries (STARVATION_DELIVERIES changes it for a quicker local run).
const PENDING = Number(process.env.STARVATION_DELIVERIES || 2000);
/** Deliveries published at once, each on its own connection of the publisher's pool. */
const PUBLISH_CONCURRENCY = 16;

let db: Database;
let publisherDb: Database;
let api: TestApi;
let worker: TestWorker;
let stalling: Server;
const sockets = new Set<Socket>();
let temporal: { connection: Connection; client: Client };

beforeAll(async () => {
  // A receiver that accepts connections and never answers (each attempt waits for its timeout).
  stalling = createServer(() => undefined);
  stalling.on('connection', (s) => sockets.add(s));
  await new Promise<void>((r) => stalling.listen(0, '127.0.0.1', r));
  db = await connectTestDatabase();
  publisherDb = await Database.connect(process.env.TEST_DATABASE_ADMIN_URL!, { poolSize: PUBLISH_CONCURRENCY, applicationName: 'astro-test-publisher' });
  const config = testConfig({ OUTBOUND_ALLOWLIST: '127.0.0.1/32' });
  api = await startApi(config);
  worker = await startWorker(config, db);
  const connection = await Connection.connect({ address: config.temporal.address });
  temporal = { connection, client: new Client({ connection, dataConverter: { payloadCodecs: [payloadCodec(config)] } }) };
}, 60_000);
afterAll(async () => {
  // The pending deliveries are left to the test server, which the global teardown stops.
  await worker.stop();
  await api.close();
  await temporal.connection.close();
  for (const s of sockets) s.destroy();
  stalling.close();
  await publisherDb.close();
  await db.close();
});

it(`starts a job within seconds while ${PENDING} webhook deliveries wait on a stalling receiver`, async () => {
  const { accountId, apiKey } = await createAccount(db, { credits: 10 });
  const email = `${accountId}@example.com`;
  await createCustomerUser(db, { accountId, email, password: 'correct horse battery' });
  const session = (await api.http.post('/v1/sessions', { email, password: 'correct horse battery' })).body.token;
  const { port } = stalling.address() as { port: number };
  const hook = await api.http.post('/v1/report-webhooks', { url: `http://127.0.0.1:${port}/never`, events: [REPORT_COMPLETED] }, { key: session });
  expect(hook.status).toBe(201);

  const runtime = { db: publisherDb, client: temporal.client, taskQueue: api.config.temporal.deliveryTaskQueue, retrySchedule: api.config.webhookRetrySchedule };
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
  await eventually(async () => (sockets.size >= 10 ? true : undefined), 30_000, 'deliveries to reach the stalling receiver');

  // …and a job queued now still starts at once on the jobs queue.
  const queuedAt = Date.now();
  const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-04-10T00:00:00Z' }, { key: apiKey });
  expect(queued.status).toBe(202);
  await eventually(async () => {
    const job = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: apiKey });
    return job.body.status === 'succeeded' ? job.body : undefined;
  }, 15_000, 'the job to finish while deliveries are stalled');
  expect(Date.now() - queuedAt).toBeLessThan(15_000);
}, 600_000);
