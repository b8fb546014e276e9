import { BundleOptions, bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PlatformConfig } from '@astro/config';
import { payloadCodec } from '@astro/codec';
import { Database } from '@astro/database';
import { createArtifactStore } from '@astro/jobs';
import { deliveryActivities } from './activities/delivery.activities';
import { horoscopePublishingActivities } from './activities/horoscope-publishing.activities';
import { jobLifecycleActivities } from './activities/job-lifecycle.activities';
import { pipelineProbeActivities } from './activities/pipeline-probe.activities';
import { reportActivities } from './activities/report.activities';
import { visualReadingActivities } from './activities/visual-reading.activities';
import { PdfRenderer } from '@astro/rendering';
import { LandmarkModels } from '@astro/visual';
import type { WorkflowActivities } from '@astro/workflows';
import { WorkerMetrics } from './metrics';

/**
 * Every activity of the worker. Long-lived resources are one per process: the renderer (one
 * Chromium) and the landmark models (loaded on first use, about 330 MB), shared by every job.
 */
export function createActivities(
  config: PlatformConfig,
  db: Database,
  renderer: PdfRenderer,
  models: LandmarkModels = sharedModels(),
  /** this worker's metrics (served on WORKER_METRICS_PORT) */
  metrics: WorkerMetrics = new WorkerMetrics({ processMetrics: false }),
): WorkflowActivities {
  const artifacts = createArtifactStore(config);
  metrics.observeRenderer(renderer);
  return {
    ...jobLifecycleActivities(db, metrics),
    ...pipelineProbeActivities({ ephemerisPath: config.ephemerisPath, artifacts }),
    ...reportActivities({ config, artifacts, renderer }),
    ...deliveryActivities(config, db, metrics),
    ...horoscopePublishingActivities(config, db),
    ...visualReadingActivities({ config, artifacts, renderer, models }),
  };
}

let processModels: LandmarkModels | null = null;
/** The process's one set of landmark models. */
export function sharedModels(): LandmarkModels {
  processModels ??= new LandmarkModels();
  return processModels;
}
export type Activities = ReturnType<typeof createActivities>;

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};

/** The root of the sources next to this file: the repository (TypeScript) or dist/. */
const SOURCE_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The workflow bundle's entry point, whether we run from TypeScript or from dist/. */
export function workflowsPath(): string {
  return path.join(SOURCE_ROOT, 'workflows', 'src', `workflows${path.extname(__filename)}`);
}

/**
 * What the Temporal bundler needs: the entry point, and the `@astro/<name>` aliases that the
 * workflows use for the few dependency-free libraries they import (e.g. search attributes).
 */
export function workflowBundleOptions(): Pick<BundleOptions, 'workflowsPath' | 'webpackConfigHook'> {
  return {
    workflowsPath: workflowsPath(),
    webpackConfigHook: (config) => {
      const libraries = fs.readdirSync(path.join(SOURCE_ROOT, 'libs'));
      const alias = Object.fromEntries(libraries.map((name) => [`@astro/${name}$`, path.join(SOURCE_ROOT, 'libs', name, 'src')]));
      config.resolve = { ...config.resolve, alias: { ...(config.resolve?.alias as object), ...alias } };
      return config;
    },
  };
}

/** The workflow bundle's code (webpack, quiet but for warnings and errors); tests build it once for all their workers. */
export async function bundleWorkflows(): Promise<string> {
  return (await bundleWorkflowCode({ ...workflowBundleOptions(), logger: quietBundlerLogger })).code;
}

/**
 * The two task queues and their limits. Jobs (reports, readings, probes) are CPU-bound: a few at a
 * time keep the cores busy, and `JOB_ACTIVITY_SLOTS` (config.workerCapacity) caps them so the rest
 * of a burst waits in Temporal's queue, not in this process (a render waiting here for a printing
 * slot would spend its heartbeat timeout). Deliveries (webhooks, scheduled horoscopes) wait on other
 * people's servers: many at a time, on their own queue and worker, so thousands of deliveries to a
 * slow or failing receiver never delay a job.
 */
const QUEUES = {
  jobs: {
    taskQueue: (c: PlatformConfig) => c.temporal.taskQueue,
    maxConcurrentActivityTaskExecutions: (c: PlatformConfig) => c.workerCapacity.jobActivitySlots,
    maxConcurrentWorkflowTaskExecutions: 20,
  },
  delivery: {
    taskQueue: (c: PlatformConfig) => c.temporal.deliveryTaskQueue,
    maxConcurrentActivityTaskExecutions: () => 50,
    maxConcurrentWorkflowTaskExecutions: 20,
  },
} as const;

export async function createWorker(
  config: PlatformConfig,
  connection: NativeConnection,
  activities: object,
  /** A prebuilt bundle (a file, as tests build it once, or code); by default the worker bundles workflows/ itself. */
  workflowBundle?: string | { code: string },
  queue: keyof typeof QUEUES = 'jobs',
): Promise<Worker> {
  const limits = QUEUES[queue];
  return Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: limits.taskQueue(config),
    // The same codec as the API's client: histories hold only ciphertext (@astro/codec).
    dataConverter: { payloadCodecs: [payloadCodec(config)] },
    ...(typeof workflowBundle === 'string'
      ? { workflowBundle: { codePath: workflowBundle } }
      : workflowBundle
        ? { workflowBundle }
        : { bundlerOptions: { webpackConfigHook: workflowBundleOptions().webpackConfigHook }, workflowsPath: workflowsPath() }),
    activities,
    maxConcurrentActivityTaskExecutions: limits.maxConcurrentActivityTaskExecutions(config),
    maxConcurrentWorkflowTaskExecutions: limits.maxConcurrentWorkflowTaskExecutions,
  });
}

/** The worker process's two workers: jobs and deliveries, same activities and workflows, separate queues. */
export async function createWorkers(
  config: PlatformConfig,
  connection: NativeConnection,
  activities: object,
  workflowBundlePath?: string,
): Promise<Worker[]> {
  // Bundled once and shared by both workers: bundling twice would double the start-up time.
  const bundle = workflowBundlePath ?? { code: await bundleWorkflows() };
  const jobs = await createWorker(config, connection, activities, bundle, 'jobs');
  const delivery = await createWorker(config, connection, activities, bundle, 'delivery');
  return [jobs, delivery];
}
