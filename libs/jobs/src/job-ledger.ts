import { Database, Queryable } from '../../database/src/database';
import { appendToStream, EventMetadata } from '../../ledger/src/event-store';
import { chargeCredits, refundCredits } from '../../ledger/src/credits';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export const FINISHED_STATUSES: JobStatus[] = ['succeeded', 'failed'];

/** A stored artifact as the job record keeps it; download URLs are signed when the job is read. */
export interface StoredArtifact {
  key: string;
  content_type: string;
  bytes: number;
  sha256: string;
}
export type ArtifactMap = Record<string, StoredArtifact>;

export const jobStream = (jobId: string) => `report_job:${jobId}`;

export interface JobRow {
  id: string;
  account_id: string;
  kind: string;
  status: JobStatus;
  stage: string;
  credits_charged: number;
  credits_refunded: number;
  error_code: string | null;
  error_message: string | null;
  artifacts: ArtifactMap;
  warnings: string[];
  version: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** The balance was too low: nothing was written. */
export class InsufficientCreditsError extends Error {
  constructor(readonly required: number) {
    super(`this operation costs ${required} credits and the balance is lower; add credits and retry`);
    this.name = 'InsufficientCreditsError';
  }
}

/** The workflow ran before (or without) the transaction that records its job: retry, then abandon. */
export class JobNotRecordedError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is not recorded (yet)`);
    this.name = 'JobNotRecordedError';
  }
}

/** Charges the job's price and records it as queued, both in the caller's transaction. */
export async function recordJobQueued(
  tx: Queryable,
  job: { id: string; accountId: string; kind: string; operation: string; price: number; requestId: string },
  metadata: EventMetadata,
): Promise<{ balance: number }> {
  const charged = await chargeCredits(
    tx,
    { accountId: job.accountId, operation: job.operation, amount: job.price, requestId: job.requestId, jobId: job.id },
    metadata,
  );
  if (!charged) throw new InsufficientCreditsError(job.price);
  const [queued] = await appendToStream(tx, jobStream(job.id), 0, [
    {
      type: 'ReportJobQueued',
      payload: { job_id: job.id, account_id: job.accountId, kind: job.kind, credits_charged: job.price, request_id: job.requestId },
      metadata,
    },
  ]);
  await tx.query(
    `INSERT INTO jobs (id, account_id, kind, status, stage, credits_charged, version, created_at, updated_at)
     VALUES ($1, $2, $3, 'queued', 'queued', $4, $5, now(), now())`,
    [job.id, job.accountId, job.kind, job.price, queued.streamVersion],
  );
  return { balance: charged.balance };
}

/** Stands for the transaction's now(), which is also the recorded_at of the event it goes with. */
const NOW = Symbol('now');

const JOB_COLUMNS = `id, account_id, kind, status, stage, credits_charged, credits_refunded, error_code, error_message,
  artifacts, warnings, version, created_at, started_at, finished_at`;

export async function findJob(q: Queryable, jobId: string): Promise<JobRow | null> {
  const [row] = await q.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [jobId]);
  return row ?? null;
}

/**
 * Applies one job transition under the job's row lock. `decide` sees the current row and returns the
 * event to append, or null when the transition already happened (so activity retries are no-ops).
 */
async function transition(
  db: Database,
  jobId: string,
  decide: (job: JobRow) => { type: string; payload: Record<string, unknown>; set: Record<string, unknown> } | null,
  metadata: EventMetadata,
): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const [job] = await tx.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 FOR UPDATE`, [jobId]);
    if (!job) throw new JobNotRecordedError(jobId);
    const change = decide(job);
    if (!change) return job;
    const [event] = await appendToStream(tx, jobStream(jobId), job.version, [
      { type: change.type, payload: change.payload, metadata: { correlation_id: jobId, ...metadata } },
    ]);
    const set: Record<string, unknown> = { ...change.set, version: event.streamVersion, updated_at: NOW };
    const values: unknown[] = [];
    const assignments = Object.entries(set)
      .map(([column, value]) => {
        if (value === NOW) return `${column} = now()`;
        values.push(column === 'artifacts' || column === 'warnings' ? JSON.stringify(value) : value);
        return `${column} = $${values.length + 1}`;
      })
      .join(', ');
    const [updated] = await tx.query<JobRow>(
      `UPDATE jobs SET ${assignments} WHERE id = $1 RETURNING ${JOB_COLUMNS}`,
      [jobId, ...values],
    );
    return updated;
  });
}

export function markJobRunning(db: Database, jobId: string, stage: string, metadata: EventMetadata = {}): Promise<JobRow> {
  return transition(
    db,
    jobId,
    (job) =>
      job.status === 'queued'
        ? { type: 'ReportJobStarted', payload: { stage }, set: { status: 'running', stage, started_at: NOW } }
        : null,
    metadata,
  );
}

export function setJobStage(db: Database, jobId: string, stage: string, metadata: EventMetadata = {}): Promise<JobRow> {
  return transition(
    db,
    jobId,
    (job) => (job.status === 'running' && job.stage !== stage ? { type: 'ReportJobStageChanged', payload: { stage }, set: { stage } } : null),
    metadata,
  );
}

export function markJobSucceeded(
  db: Database,
  jobId: string,
  artifacts: ArtifactMap,
  metadata: EventMetadata = {},
  warnings: string[] = [],
): Promise<JobRow> {
  return transition(
    db,
    jobId,
    (job) =>
      FINISHED_STATUSES.includes(job.status)
        ? null
        : {
            type: 'ReportJobSucceeded',
            payload: { artifacts, warnings },
            set: { status: 'succeeded', stage: 'done', artifacts, warnings, finished_at: NOW },
          },
    metadata,
  );
}

export function markJobFailed(
  db: Database,
  jobId: string,
  failure: { errorCode: string; message: string },
  metadata: EventMetadata = {},
): Promise<JobRow> {
  return transition(
    db,
    jobId,
    (job) =>
      FINISHED_STATUSES.includes(job.status)
        ? null
        : {
            type: 'ReportJobFailed',
            payload: { error_code: failure.errorCode, error_message: failure.message },
            set: {
              status: 'failed',
              stage: 'failed',
              error_code: failure.errorCode,
              error_message: failure.message,
              finished_at: NOW,
            },
          },
    metadata,
  );
}

/**
 * Refunds what the job was charged, exactly once: the job's row lock serializes concurrent
 * attempts and `credits_refunded` tells a retry that the refund already happened.
 */
export async function refundJob(
  db: Database,
  jobId: string,
  reason: string,
  metadata: EventMetadata = {},
): Promise<{ refunded: number; alreadyRefunded: boolean }> {
  return db.transaction(async (tx) => {
    const [job] = await tx.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 FOR UPDATE`, [jobId]);
    if (!job) throw new JobNotRecordedError(jobId);
    if (job.credits_refunded > 0 || job.credits_charged === 0) {
      return { refunded: job.credits_refunded, alreadyRefunded: true };
    }
    await refundCredits(
      tx,
      { accountId: job.account_id, jobId, amount: job.credits_charged, reason },
      { correlation_id: jobId, ...metadata },
    );
    await tx.query(`UPDATE jobs SET credits_refunded = $2, updated_at = now() WHERE id = $1`, [jobId, job.credits_charged]);
    return { refunded: job.credits_charged, alreadyRefunded: false };
  });
}
