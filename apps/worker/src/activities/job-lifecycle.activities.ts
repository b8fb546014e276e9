import { ApplicationFailure } from '@temporalio/activity';
import { Database } from '@astro/database';
import {
  JobNotRecordedError,
  markJobFailed,
  markJobRunning,
  markJobSucceeded,
  refundJob,
  setJobStage,
} from '@astro/jobs';
import { JOB_NOT_RECORDED, JobLifecycleActivities } from '@astro/workflows';

const actor = { actor: 'worker' };

/** Job state changes and refunds, each idempotent so Temporal's retries change nothing twice. */
export function jobLifecycleActivities(db: Database): JobLifecycleActivities {
  return {
    async markJobRunning({ jobId, stage }) {
      try {
        await markJobRunning(db, jobId, stage, actor);
      } catch (err) {
        if (err instanceof JobNotRecordedError) throw ApplicationFailure.retryable(err.message, JOB_NOT_RECORDED);
        throw err;
      }
    },
    async setJobStage({ jobId, stage }) {
      await setJobStage(db, jobId, stage, actor);
    },
    async markJobSucceeded({ jobId, artifacts, warnings }) {
      await markJobSucceeded(db, jobId, artifacts, actor, warnings ?? []);
    },
    async markJobFailed({ jobId, errorCode, message }) {
      await markJobFailed(db, jobId, { errorCode, message }, actor);
    },
    async refundJob({ jobId, reason }) {
      return refundJob(db, jobId, reason, actor);
    },
  };
}
