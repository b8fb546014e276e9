import { Client, WorkflowNotFoundError } from '@temporalio/client';
import { Database, Queryable } from '@astro/database';
import { accountStream, EVENT_COLUMNS, EventMetadata, EventRow, readStream, StoredEvent, toStoredEvent } from '@astro/ledger';
import { findJob, FINISHED_STATUSES, jobStream, JobRow, markJobFailed, refundJob } from './job-ledger';

/** Everything an operator looks at for one job: its row, its own events and its credit events. */
export interface JobDossier {
  job: JobRow;
  events: StoredEvent[];
  /** the charges and refunds that name the job, from its account's stream */
  credits: StoredEvent[];
}

export async function jobDossier(q: Queryable, jobId: string): Promise<JobDossier | null> {
  const job = await findJob(q, jobId);
  if (!job) return null;
  const credits = await q.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND event_type IN ('CreditsCharged', 'CreditsRefunded') AND payload->>'job_id' = $2 ORDER BY position`,
    [accountStream(job.account_id), jobId],
  );
  return { job, events: await readStream(q, jobStream(jobId)), credits: credits.map(toStoredEvent) };
}

export type CancelOutcome =
  | { outcome: 'cancelled'; refunded: number; alreadyRefunded: boolean }
  | { outcome: 'already_finished'; status: string; refunded: number };

/** Temporal's answer when the workflow is gone or already closed: nothing left to stop. */
function alreadyStopped(err: unknown): boolean {
  return err instanceof WorkflowNotFoundError || /already completed|not found/i.test((err as Error).message);
}

/**
 * An operator's cancellation: terminates the job's workflow (no step of it runs afterwards), marks
 * the job failed with `cancelled`, then refunds its charge once. Marking before refunding means a
 * step that was finishing at that very moment cannot make the job succeed after its refund: either
 * it succeeded first (nothing is refunded, the outcome says so) or the job is failed for good. A
 * cancellation interrupted half-way is completed by running it again; a job that failed but was not
 * refunded yet is refunded. Refunds go through refundJob, which pays at most once per job.
 */
export async function cancelJob(db: Database, client: Client, jobId: string, metadata: EventMetadata): Promise<CancelOutcome> {
  const job = await findJob(db, jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  if (job.status === 'succeeded') return { outcome: 'already_finished', status: job.status, refunded: job.credits_refunded };
  if (!FINISHED_STATUSES.includes(job.status)) {
    try {
      await client.workflow.getHandle(jobId).terminate('cancelled by an operator');
    } catch (err) {
      if (!alreadyStopped(err)) throw err;
    }
  }
  const marked = await markJobFailed(db, jobId, { errorCode: 'cancelled', message: 'cancelled by an operator' }, metadata);
  if (marked.status !== 'failed') return { outcome: 'already_finished', status: marked.status, refunded: marked.credits_refunded };
  const refund = await refundJob(db, jobId, marked.error_code === 'cancelled' ? 'cancelled' : (marked.error_code ?? 'failed'), metadata);
  if (job.status === 'failed' && refund.alreadyRefunded) return { outcome: 'already_finished', status: job.status, refunded: refund.refunded };
  return { outcome: 'cancelled', refunded: refund.refunded, alreadyRefunded: refund.alreadyRefunded };
}
