import {
  ActivityFailure,
  ApplicationFailure,
  patched,
  proxyActivities,
  proxyLocalActivities,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import { JOB_STAGE } from '@astro/search-attributes';
import { JOB_NOT_RECORDED } from './activity-contracts';
import type { ArtifactRefs, JobLifecycleActivities } from './activity-contracts';
import type { DeliveryActivities } from './delivery-contracts';

// The bookkeeping steps (job state, refund, report.completed) are short database writes. As
// ordinary activities they would wait in the jobs task queue behind every computation and render
// queued before them: in a burst of a thousand reports a rendered PDF's `markJobSucceeded` waited
// behind the rest of the burst, and each step cost the Temporal server another workflow task.
// As local activities they run in the worker that holds the workflow, within its workflow task,
// as soon as the step is due. Their retry policy has no attempt limit: the database comes back.
const STEP = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
} as const;
// The job row is committed by the API right after the workflow starts; give it a short grace
// period, after which a workflow without a recorded job (its transaction rolled back) just ends.
const FIRST_STEP = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '100 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds', maximumAttempts: 10 },
} as const;
// `delivery` publishes `report.completed` to the account's webhook subscriptions when a job
// finishes, succeeded or failed.
const local = {
  lifecycle: proxyLocalActivities<JobLifecycleActivities>(STEP),
  waitForRecordedJob: proxyLocalActivities<JobLifecycleActivities>(FIRST_STEP),
  delivery: proxyLocalActivities<DeliveryActivities>(STEP),
};
// Workflows started before the bookkeeping became local scheduled it as ordinary activities; they
// replay, and finish, with the same steps (see `bookkeepingSteps`).
const scheduled: typeof local = {
  lifecycle: proxyActivities<JobLifecycleActivities>(STEP),
  waitForRecordedJob: proxyActivities<JobLifecycleActivities>(FIRST_STEP),
  delivery: proxyActivities<DeliveryActivities>(STEP),
};

/** The patch marker of local bookkeeping: present in the history of every job workflow started since. */
const LOCAL_BOOKKEEPING_PATCH = 'job-bookkeeping-as-local-activities';

function bookkeepingSteps(): typeof local {
  return patched(LOCAL_BOOKKEEPING_PATCH) ? local : scheduled;
}

export type JobOutcome = { status: 'succeeded' } | { status: 'failed'; errorCode: string } | { status: 'abandoned' };

export type StageReporter = (stage: string) => Promise<void>;

/** What a job's steps produce: stored artifacts, and warnings that did not fail the job. */
export interface JobResult {
  artifacts: ArtifactRefs;
  warnings?: string[];
}

/** The error code a failure becomes: the ApplicationFailure type an activity chose, else a generic one. */
export function errorCodeOf(err: unknown): { errorCode: string; message: string } {
  let cause: unknown = err;
  while (cause instanceof ActivityFailure && cause.cause) cause = cause.cause;
  if (cause instanceof ApplicationFailure && cause.type) return { errorCode: cause.type, message: cause.message };
  const message = cause instanceof Error ? cause.message : String(cause);
  return { errorCode: 'internal_error', message };
}

/**
 * Runs a job's steps between the common lifecycle events: running → stages → succeeded, or failed
 * and refunded exactly once (the refund activity is idempotent, so its retries never pay twice).
 */
export async function runJobLifecycle(
  jobId: string,
  firstStage: string,
  steps: (reportStage: StageReporter) => Promise<JobResult>,
  /** Report jobs announce `report.completed` when they finish; visual readings publish their own event. */
  options: { announceReportCompleted: boolean } = { announceReportCompleted: true },
): Promise<JobOutcome> {
  const { lifecycle, waitForRecordedJob, delivery } = bookkeepingSteps();
  try {
    await waitForRecordedJob.markJobRunning({ jobId, stage: firstStage });
  } catch (err) {
    if (errorCodeOf(err).errorCode === JOB_NOT_RECORDED) return { status: 'abandoned' };
    throw err;
  }
  upsertSearchAttributes([{ key: JOB_STAGE, value: firstStage }]);
  const reportStage: StageReporter = async (stage) => {
    await lifecycle.setJobStage({ jobId, stage });
    upsertSearchAttributes([{ key: JOB_STAGE, value: stage }]);
  };
  try {
    const { artifacts, warnings } = await steps(reportStage);
    await lifecycle.markJobSucceeded({ jobId, artifacts, warnings });
    upsertSearchAttributes([{ key: JOB_STAGE, value: 'done' }]);
  } catch (err) {
    const failure = errorCodeOf(err);
    // Refund first: a client that sees `failed` must already see the credits back.
    await lifecycle.refundJob({ jobId, reason: failure.errorCode });
    await lifecycle.markJobFailed({ jobId, ...failure });
    upsertSearchAttributes([{ key: JOB_STAGE, value: 'failed' }]);
    if (options.announceReportCompleted) await delivery.publishReportCompleted({ jobId });
    return { status: 'failed', errorCode: failure.errorCode };
  }
  // Outside the try: a publishing problem must never turn a succeeded job into a refunded one.
  if (options.announceReportCompleted) await delivery.publishReportCompleted({ jobId });
  return { status: 'succeeded' };
}
