import 'reflect-metadata';
import { loadConfig } from '@astro/config';
import { assertTimeZoneDatabase } from '@astro/ephemeris';
import { payloadCodec } from '@astro/codec';
import { Database } from '@astro/database';
import { connectWorkerToTemporal, createTemporalClient, ensureSearchAttributes, createArtifactStore } from '@astro/jobs';
import { createActivities, createWorkers, sharedModels } from './worker-factory';
import { lowerPriority } from './priority';
import { installTemporalRuntime, startMetricsServer, WorkerMetrics } from './metrics';
import { PdfRenderer } from '@astro/rendering';
import { scheduleUploadCleanup } from '@astro/visual';
import { scheduleKeyUsageFolds } from '@astro/accounts';
import { ensurePublishingSchedule } from '@astro/horoscopes';
import { publishHoroscopesWorkflow } from '@astro/workflows';

/** Temporal may still be starting (npm start launches both): retry for a minute before giving up. */
async function retrying<T>(what: string, attempt: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Reports read birth offsets from the machine's tz database: without it the worker must not start.
  assertTimeZoneDatabase();
  // Lowered first, so the Temporal runtime's threads and Chromium start low (an unprivileged Chromium
  // cannot raise them again; priority.ts): on a machine shared
  // with the API a burst of reports takes only the CPU the synchronous routes leave idle.
  const nice = lowerPriority(config.workerCapacity.nice);
  // First, before any connection: the Temporal runtime with its Prometheus exporter (docs/operations.md).
  const temporalMetricsUrl = await installTemporalRuntime({ port: config.workerMetrics.temporalPort });
  const db = await Database.connect(config.databaseUrl, { poolSize: 10, applicationName: 'astro-worker' });
  const { connection: clientConnection, client } = createTemporalClient(config.temporal, payloadCodec(config));
  await retrying('registering search attributes', () => ensureSearchAttributes(clientConnection, config.temporal.namespace));
  // Published horoscopes are written ahead of time by a schedule operators see in the Temporal UI.
  await retrying('creating the horoscope publishing schedule', () =>
    ensurePublishingSchedule(client, { taskQueue: config.temporal.taskQueue, workflow: publishHoroscopesWorkflow }),
  );
  await clientConnection.close();
  const connection = await retrying('connecting to Temporal', () => connectWorkerToTemporal(config.temporal));
  const renderer = new PdfRenderer(config.workerCapacity.renderConcurrency);
  // The landmark models load once per process, now, so no job waits for them.
  await sharedModels().load();
  const metrics = new WorkerMetrics();
  const metricsServer = await startMetricsServer({
    host: config.workerMetrics.host,
    port: config.workerMetrics.port,
    registry: metrics.registry,
    temporalMetricsUrl,
  });
  const activities = createActivities(config, db, renderer, sharedModels(), metrics);
  const workers = await createWorkers(config, connection, activities, config.workflowBundlePath);
  const cleanup = scheduleUploadCleanup(db, createArtifactStore(config));
  const keyUsageFolds = scheduleKeyUsageFolds(db);
  const stop = () => workers.forEach((w) => w.shutdown());
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`worker: metrics on http://${config.workerMetrics.host}:${metricsServer.port}/metrics`);
  console.log(
    `worker: ${config.workerCapacity.renderConcurrency} PDFs at once, ${config.workerCapacity.jobActivitySlots} job activities at once, nice ${nice}`,
  );
  console.log(
    `worker: polling task queues "${config.temporal.taskQueue}" (jobs) and "${config.temporal.deliveryTaskQueue}" (deliveries) on ${config.temporal.address} (namespace ${config.temporal.namespace})`,
  );
  await Promise.all(workers.map((w) => w.run()));
  cleanup.stop();
  keyUsageFolds.stop();
  await metricsServer.close();
  await renderer.close();
  await connection.close();
  await db.close();
  console.log('worker: stopped');
}

main().catch((err) => {
  console.error('worker: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
