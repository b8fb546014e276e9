import { NativeConnection, Worker } from '@temporalio/worker';
import * as path from 'node:path';
import { PlatformConfig } from '../../../libs/config/src/config';
import { Database } from '../../../libs/database/src/database';
import { LocalArtifactStore } from '../../../libs/jobs/src/artifact-store';
import { deliveryActivities } from './activities/delivery.activities';
import { jobLifecycleActivities } from './activities/job-lifecycle.activities';
import { pipelineProbeActivities } from './activities/pipeline-probe.activities';
import { reportActivities } from './activities/report.activities';
import { visualReadingActivities } from './activities/visual-reading.activities';
import { PdfRenderer } from '../../../libs/rendering/src/pdf-renderer';
import { LandmarkModels } from '../../../libs/visual/src/landmark-models';

/**
 * Every activity of the worker. Long-lived resources are one per process: the renderer (one
 * Chromium) and the landmark models (loaded on first use, about 330 MB), shared by every job.
 */
export function createActivities(config: PlatformConfig, db: Database, renderer: PdfRenderer, models: LandmarkModels = sharedModels()) {
  const artifacts = new LocalArtifactStore(config.artifactsDir);
  return {
    ...jobLifecycleActivities(db),
    ...pipelineProbeActivities({ ephemerisPath: config.ephemerisPath, artifacts }),
    ...reportActivities({ config, artifacts, renderer }),
    ...deliveryActivities(config, db),
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

/** The workflow entry point next to this file, whether we run from TypeScript or from dist/. */
export function workflowsPath(): string {
  const extension = path.extname(__filename);
  return path.resolve(__dirname, '..', '..', '..', 'workflows', 'src', `index${extension}`);
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
    ...(workflowBundlePath ? { workflowBundle: { codePath: workflowBundlePath } } : { workflowsPath: workflowsPath() }),
    activities,
    // 2 cores: a few concurrent activities keep the CPU busy without starving the API.
    maxConcurrentActivityTaskExecutions: 8,
  });
}
