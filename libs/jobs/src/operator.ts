import { randomUUID } from 'node:crypto';
import { Client, WorkflowNotFoundError } from '@temporalio/client';
import { Database, Queryable } from '@astro/database';
import {
  accountStream,
  appendToStream,
  chargeCredits,
  EVENT_COLUMNS,
  EventMetadata,
  EventRow,
  readStream,
  StoredEvent,
  toStoredEvent,
} from '@astro/ledger';
import {
  bookOf,
  findJob,
  FINISHED_STATUSES,
  InsufficientCreditsError,
  jobAttempt,
  jobStream,
  JobRow,
  markJobFailed,
  refundJob,
} from './job-ledger';

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
    // OFFSET 0 keeps the job id index alone (events_job_id_idx): ANDed with the stream's index, the
    // planner would read every entry of a big account's stream.
    `SELECT ${EVENT_COLUMNS} FROM (SELECT * FROM events WHERE payload->>'job_id' = $2 OFFSET 0) e
      WHERE stream_id = $1 AND event_type IN ('CreditsCharged', 'CreditsRefunded') ORDER BY position`,
    [accountStream(job.account_id), jobId],
  );
  return { job, events: await readStream(q, jobStream(jobId)), credits: credits.map(toStoredEvent) };
}

export type CancelOutcome =
  { outcome: 'cancelled'; refunded: number; alreadyRefunded: boolean } | { outcome: 'already_finished'; status: string; refunded: number };

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
  if (job.status === 'failed' && refund.alreadyRefunded)
    return { outcome: 'already_finished', status: job.status, refunded: refund.refunded };
  return { outcome: 'cancelled', refunded: refund.refunded, alreadyRefunded: refund.alreadyRefunded };
}

/** jobs:retry cannot retry this job now; the message says why and what to do. */
export class RetryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryRefusedError';
  }
}

export interface RetryOutcome {
  /** 2 for the first retry */
  attempt: number;
  /** the refund of the failed attempt, charged back (0 for a job that cost nothing) */
  recharged: number;
  balance: number | null;
  /** the new workflow run */
  runId: string;
}

/** The operation the job was charged for, from its first charge in the account's stream. */
export async function jobChargeOperation(q: Queryable, accountId: string, jobId: string): Promise<string | null> {
  const [row] = await q.query<{ operation: string }>(
    `SELECT payload->>'operation' AS operation FROM (SELECT * FROM events WHERE payload->>'job_id' = $2 OFFSET 0) e
      WHERE stream_id = $1 AND event_type = 'CreditsCharged' ORDER BY position LIMIT 1`,
    [accountStream(accountId), jobId],
  );
  return row?.operation ?? null;
}

/**
 * An operator's retry of a failed job: a new run of the same workflow (Temporal's reset to the first
 * workflow task, so the run starts over with the job's original, encrypted input) and the job queued
 * again. The failure was refunded; the retry charges that refund back (one `CreditsCharged` with
 * `attempt`), so the customer pays the price once net whatever happens next: a retry that succeeds
 * is paid once, one that fails again is refunded again (docs/finance.md, "Retries").
 *
 * Refused (RetryRefusedError) for a job that did not fail, one erased by its owner, one whose refund
 * has not been made yet, and one whose workflow is still open. The charge, the `…Retried` event and
 * the reset happen in one transaction: if Temporal refuses, nothing is charged or recorded.
 */
export async function retryJob(
  db: Database,
  client: Client,
  namespace: string,
  jobId: string,
  metadata: EventMetadata,
): Promise<RetryOutcome> {
  const job = await findJob(db, jobId);
  if (!job) throw new RetryRefusedError(`no job ${jobId}`);
  const refuseUnlessRetryable = (current: JobRow) => {
    if (current.status !== 'failed') throw new RetryRefusedError(`job ${jobId} is ${current.status}; only a failed job can be retried`);
    if (current.erased_at) throw new RetryRefusedError(`job ${jobId} was erased by its owner; there is nothing left to retry`);
    if (current.credits_refunded < current.credits_charged) {
      throw new RetryRefusedError(
        `job ${jobId} failed but its refund has not been made; complete it with jobs:cancel ${jobId}, then retry`,
      );
    }
  };
  refuseUnlessRetryable(job);
  const handle = client.workflow.getHandle(jobId);
  let described;
  try {
    described = await handle.describe();
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) {
      throw new RetryRefusedError(
        `the workflow of job ${jobId} is no longer in Temporal (past the namespace's retention): its input is gone, so it cannot be rerun`,
      );
    }
    throw err;
  }
  if (described.status.name === 'RUNNING')
    throw new RetryRefusedError(`the workflow of job ${jobId} is still running; retry once it has closed`);
  const history = await handle.fetchHistory();
  const firstTask = history.events?.find((e) => e.workflowTaskCompletedEventAttributes);
  if (!firstTask?.eventId) throw new RetryRefusedError(`the workflow of job ${jobId} never completed a workflow task; nothing to reset to`);

  const book = bookOf(jobId);
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<JobRow>(`SELECT * FROM ${book.table} WHERE id = $1 FOR UPDATE`, [jobId]);
    refuseUnlessRetryable(locked);
    const attempt = (await jobAttempt(tx, jobId)) + 1;
    const recharged = locked.credits_refunded;
    let balance: number | null = null;
    if (recharged > 0) {
      const operation = await jobChargeOperation(tx, locked.account_id, jobId);
      const charged = await chargeCredits(
        tx,
        {
          accountId: locked.account_id,
          operation: operation ?? 'unknown',
          amount: recharged,
          requestId: `retry:${jobId}:${attempt}`,
          jobId,
          attempt,
        },
        { correlation_id: jobId, ...metadata },
      );
      if (!charged) throw new InsufficientCreditsError(recharged);
      balance = charged.balance;
    }
    const [event] = await appendToStream(tx, jobStream(jobId), locked.version, [
      {
        type: `${book.eventPrefix}Retried`,
        payload: { attempt, credits_recharged: recharged, previous_error_code: locked.error_code },
        metadata: { correlation_id: jobId, ...metadata },
      },
    ]);
    await tx.query(
      `UPDATE ${book.table} SET status = 'queued', stage = 'queued', credits_refunded = 0, error_code = NULL, error_message = NULL,
              started_at = NULL, finished_at = NULL, version = $2, updated_at = now() WHERE id = $1`,
      [jobId, event.streamVersion],
    );
    // Last, inside the transaction: a reset Temporal refuses rolls the charge and the event back.
    const reset = await client.workflowService.resetWorkflowExecution({
      namespace,
      workflowExecution: { workflowId: jobId, runId: described.runId },
      workflowTaskFinishEventId: firstTask.eventId,
      reason: `jobs:retry attempt ${attempt}`,
      requestId: randomUUID(),
    });
    return { attempt, recharged, balance, runId: reset.runId ?? '' };
  });
}
