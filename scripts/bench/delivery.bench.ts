import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, DefaultLogger } from '@temporalio/worker';
import { createHash, randomBytes } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { provisionAccount } from '@astro/accounts';
import { payloadCodec } from '@astro/codec';
import { loadConfig } from '@astro/config';
import { newId } from '@astro/contracts';
import { Database } from '@astro/database';
import { createSubscription, publishEvent, REPORT_COMPLETED } from '@astro/delivery';
import { recordJobQueued } from '@astro/jobs';
import { PdfRenderer } from '@astro/rendering';
import { pipelineProbeWorkflow, webhookDeliveryWorkflow } from '@astro/workflows';
import { createActivities, createWorker } from '../../apps/worker/src/worker-factory';
import { machineLine } from './http-load';

const LATENCY_JOBS = Number(process.env.BENCH_LATENCY_JOBS || 50);
const BULK_DELIVERIES = Number(process.env.BENCH_DELIVERIES || 1000);
const PUBLISHERS = 16;

interface Receipt {
  id: string;
  at: number;
  status: number;
}

/** A local receiver; on /bulk it fails (500) the first request of every second webhook-id it sees. */
function startReceiver(): Promise<{ url: string; receipts: Map<string, Receipt[]>; stop: () => void }> {
  const receipts = new Map<string, Receipt[]>();
  let distinct = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = `${req.url}|${req.headers['webhook-id']}`;
      const seen = receipts.get(id) ?? [];
      if (seen.length === 0) distinct++;
      const fail = req.url === '/bulk' && seen.length === 0 && distinct % 2 === 0;
      const status = fail ? 500 : 200;
      seen.push({ id, at: Date.now(), status });
      receipts.set(id, seen);
      res.writeHead(status).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, receipts, stop: () => server.close() }),
    ),
  );
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Webhook delivery against PostgreSQL and Temporal (those of `npm start`, or DATABASE_URL and
 * TEMPORAL_ADDRESS): an in-process worker on its own task queue, allowed to reach a local receiver.
 * 1. completion of a real report job (pipeline probe) to the first attempt reaching the receiver;
 * 2. 1,000 deliveries, half failed once by the receiver: all delivered, duplicates, attempts/s.
 */
export default async function benchDelivery(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    OUTBOUND_ALLOWLIST: '127.0.0.1/32',
    WEBHOOK_RETRY_SCHEDULE: process.env.WEBHOOK_RETRY_SCHEDULE || '0,1,1',
    TEMPORAL_TASK_QUEUE: `bench-delivery-${randomBytes(4).toString('hex')}`,
  });
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const db = await Database.connect(config.databaseUrl, { poolSize: 20, applicationName: 'astro-bench' });
  const receiver = await startReceiver();
  const nativeConnection = await NativeConnection.connect({ address: config.temporal.address });
  const renderer = new PdfRenderer();
  const worker = await createWorker(config, nativeConnection, createActivities(config, db, renderer));
  const running = worker.run();
  const connection = await Connection.connect({ address: config.temporal.address });
  const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter: { payloadCodecs: [payloadCodec(config)] } });
  try {
    const { accountId } = await provisionAccount(
      db,
      { name: 'delivery benchmark', tier: 'pro', credits: LATENCY_JOBS + 10, withApiKey: false },
      { actor: 'benchmark' },
    );
    const subscribe = (path: string) =>
      db.transaction((tx) =>
        createSubscription(tx, { accountId, kind: 'report', url: receiver.url + path, events: [REPORT_COMPLETED] }, { actor: 'benchmark' }),
      );
    const latencySubscription = (await subscribe('/latency')).subscription;

    // 1. Completion to first attempt: real probe jobs, each queued as the API does (charge, record, start).
    const jobIds: string[] = [];
    for (let i = 0; i < LATENCY_JOBS; i++) {
      const jobId = newId('job');
      await db.transaction(async (tx) => {
        await recordJobQueued(
          tx,
          { id: jobId, accountId, kind: 'pipeline_probe', operation: 'pipeline_probe', price: 1, requestId: `bench-${i}` },
          { actor: 'benchmark' },
        );
        await client.workflow.start(pipelineProbeWorkflow, {
          workflowId: jobId,
          taskQueue: config.temporal.taskQueue,
          args: [{ jobId, dt: new Date(Date.UTC(2000, 0, 1 + i)).toISOString() }],
        });
      });
      jobIds.push(jobId);
      await new Promise((r) => setTimeout(r, 100)); // one at a time-ish: latency, not throughput
    }
    const latencyReceipts = () => [...receiver.receipts.entries()].filter(([k]) => k.startsWith('/latency|'));
    await waitFor(`${LATENCY_JOBS} report.completed webhooks`, () => latencyReceipts().length >= LATENCY_JOBS, 120_000);
    const finished = await db.query<{ id: string; finished_ms: number }>(
      `SELECT id, (extract(epoch FROM finished_at) * 1000)::float8 AS finished_ms FROM jobs WHERE id = ANY($1)`,
      [jobIds],
    );
    const firstAttemptAt = new Map<string, number>();
    const attempts = await db.query<{ report_job_id: string; id: string }>(
      `SELECT DISTINCT report_job_id, id FROM webhook_delivery_attempts WHERE subscription_id = $1`,
      [latencySubscription.id],
    );
    for (const a of attempts) firstAttemptAt.set(a.report_job_id, receiver.receipts.get(`/latency|${a.id}`)![0].at);
    const latencies = finished.map((j) => firstAttemptAt.get(j.id)! - j.finished_ms).sort((a, b) => a - b);

    // 2. Bulk: 1,000 events published to one subscription; the receiver fails half of them once.
    const bulk = (await subscribe('/bulk')).subscription;
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PUBLISHERS }, async () => {
        while (next < BULK_DELIVERIES) {
          const i = next++;
          const fakeJob = 'job_' + createHash('sha256').update(`bench-${started}-${i}`).digest('hex').slice(0, 24);
          await publishEvent(
            {
              db,
              client,
              taskQueue: config.temporal.taskQueue,
              retrySchedule: config.webhookRetrySchedule,
              workflow: webhookDeliveryWorkflow,
            },
            {
              id: `${REPORT_COMPLETED}:${fakeJob}`,
              type: REPORT_COMPLETED,
              accountId,
              timestamp: new Date().toISOString(),
              reportJobId: fakeJob,
              data: { job_id: fakeJob, status: 'succeeded', index: i },
            },
            bulk,
          );
        }
      }),
    );
    const published = Date.now();
    const bulkReceipts = () => [...receiver.receipts.entries()].filter(([k]) => k.startsWith('/bulk|'));
    const delivered = () => bulkReceipts().filter(([, r]) => r.some((x) => x.status === 200)).length;
    await waitFor(`${BULK_DELIVERIES} bulk deliveries`, () => delivered() >= BULK_DELIVERIES, 600_000);
    const done = Math.max(...bulkReceipts().map(([, r]) => r[r.length - 1].at));
    const totalRequests = bulkReceipts().reduce((n, [, r]) => n + r.length, 0);
    const failedFirst = bulkReceipts().filter(([, r]) => r[0].status === 500).length;
    const duplicates = bulkReceipts().reduce((n, [, r]) => n + r.filter((x) => x.status === 200).length - 1, 0);
    const recorded = await db.query<{ status: string; n: string }>(
      `SELECT status, count(*) AS n FROM webhook_delivery_attempts WHERE subscription_id = $1 GROUP BY status ORDER BY status`,
      [bulk.id],
    );
    const seconds = (done - started) / 1000;

    console.log(`
delivery benchmark, ${machineLine()}
retry schedule ${config.webhookRetrySchedule.join(',')} s; worker with 8 concurrent activities; PostgreSQL and Temporal at ${config.temporal.address}

| measure | value |
|---|---|
| report completion → first attempt at receiver, p50 | ${percentile(latencies, 0.5).toFixed(0)} ms (target < 500 ms: ${percentile(latencies, 0.5) < 500 ? 'met' : 'NOT met'}) |
| same, p90 / p99 / max (${latencies.length} jobs) | ${percentile(latencies, 0.9).toFixed(0)} / ${percentile(latencies, 0.99).toFixed(0)} / ${latencies[latencies.length - 1].toFixed(0)} ms |
| bulk deliveries published / delivered (2xx) | ${BULK_DELIVERIES} / ${delivered()} |
| first attempts failed by the receiver | ${failedFirst} |
| HTTP requests received | ${totalRequests} (= ${BULK_DELIVERIES} + ${totalRequests - BULK_DELIVERIES} retries) |
| duplicate successful deliveries | ${duplicates} |
| publishing 1,000 events (records + workflow starts) | ${((published - started) / 1000).toFixed(1)} s |
| first publish → last delivery | ${seconds.toFixed(1)} s, ${(totalRequests / seconds).toFixed(0)} attempts/s |
| attempt rows in the read model by status | ${recorded.map((r) => `${r.status} ${r.n}`).join(', ')} |`);
    if (delivered() !== BULK_DELIVERIES || duplicates !== 0 || totalRequests !== BULK_DELIVERIES + failedFirst)
      throw new Error('deliveries missing or duplicated');
  } finally {
    worker.shutdown();
    await running;
    await renderer.close();
    await nativeConnection.close();
    await connection.close();
    receiver.stop();
    await db.close();
  }
}
