import { ApplicationFailure } from '@temporalio/activity';
import { Database } from '@astro/database';
import {
  findJob,
  jobChargeOperation,
  JobNotRecordedError,
  markJobFailed,
  markJobRunning,
  markJobSucceeded,
  refundJob,
  setJobStage,
} from '@astro/jobs';
import { JOB_NOT_RECORDED, type JobLifecycleActivities } from '@astro/workflows';
import { WorkerMetrics } from '../metrics';

const actor = { actor: 'worker' };

/** Job state changes and refunds, each idempotent so Temporal's retries change nothing twice. */
export function jobLifecycleActivities(db: Database, metrics: WorkerMetrics): JobLifecycleActivities {
  /** The stage the job is in before it finishes (the `stage` label of astro_jobs_finished_total). */
  const stageBefore = async (jobId: string) => (await findJob(db, jobId))?.stage ?? 'unknown';
  return {
    async markJobRunning({ jobId, stage }) {
      try {
        const job = await markJobRunning(db, jobId, stage, actor);
        metrics.jobsStarted.inc({ kind: job.kind });
        metrics.jobStages.inc({ kind: job.kind, stage });
      } catch (err) {
        if (err instanceof JobNotRecordedError) throw ApplicationFailure.retryable(err.message, JOB_NOT_RECORDED);
        throw err;
      }
    },
    async setJobStage({ jobId, stage }) {
      const job = await setJobStage(db, jobId, stage, actor);
      metrics.jobStages.inc({ kind: job.kind, stage });
    },
    async markJobSucceeded({ jobId, artifacts, warnings }) {
      const stage = await stageBefore(jobId);
      const job = await markJobSucceeded(db, jobId, artifacts, actor, warnings ?? []);
      if (job.status === 'succeeded') metrics.jobsFinished.inc({ kind: job.kind, status: 'succeeded', stage });
    },
    async markJobFailed({ jobId, errorCode, message }) {
      const stage = await stageBefore(jobId);
      const job = await markJobFailed(db, jobId, { errorCode, message }, actor);
      if (job.status === 'failed') metrics.jobsFinished.inc({ kind: job.kind, status: 'failed', stage });
    },
    async refundJob({ jobId, reason }) {
      const refund = await refundJob(db, jobId, reason, actor);
      if (!refund.alreadyRefunded && refund.refunded > 0) {
        const job = await findJob(db, jobId);
        const operation = job ? await jobChargeOperation(db, job.account_id, jobId) : null;
        metrics.creditsRefunded.inc({ operation: operation ?? 'unknown' }, refund.refunded);
      }
      return refund;
    },
  };
}
