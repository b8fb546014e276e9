import { BundleOptions, NativeConnection, Worker } from '@temporalio/worker';
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

/**
 * Every activity of the worker. Long-lived resources are one per process: the renderer (one
 * Chromium) and the landmark models (loaded on first use, about 330 MB), shared by every job.
 */
export function createActivities(config: PlatformConfig, db: Database, renderer: PdfRenderer, models: LandmarkModels = sharedModels()) {
  const artifacts = createArtifactStore(config);
  return {
    ...jobLifecycleActivities(db),
    ...pipelineProbeActivities({ ephemerisPath: config.ephemerisPath, artifacts }),
    ...reportActivities({ config, artifacts, renderer }),
    ...deliveryActivities(config, db),
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

export async function createWorker(
  config: PlatformConfig,
  connection: NativeConnection,
  activities: object,
  /** A prebuilt bundle (tests build it once); by default the worker bundles workflows/ itself. */
  workflowBundlePath?: string,
): Promise<Worker> {
  return Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    // The same codec as the API's client: histories hold only ciphertext (@astro/codec).
    dataConverter: { payloadCodecs: [payloadCodec(config)] },
    ...(workflowBundlePath ? { workflowBundle: { codePath: workflowBundlePath } } : { bundlerOptions: { webpackConfigHook: workflowBundleOptions().webpackConfigHook }, workflowsPath: workflowsPath() }),
    activities,
    // 2 cores: a few concurrent activities keep the CPU busy without starving the API.
    maxConcurrentActivityTaskExecutions: 8,
  });
}
