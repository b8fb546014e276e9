import { Database, Queryable } from '@astro/database';
import { appendToStream, chargeCredits, EventMetadata, findAccount, refundCredits } from '@astro/ledger';

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

/**
 * A family of jobs kept by this ledger: its projection table, its event streams and event names.
 * Report jobs (`job_…`) and visual-reading jobs (`vrj_…`) share the lifecycle (queued → running →
 * succeeded | failed, refunded once), so every function below picks the book from the job id.
 */
export interface JobBook {
  idPrefix: string;
  table: string;
  streamPrefix: string;
  eventPrefix: string;
  /** columns beyond the common ones, set once when the job is queued */
  extraColumns: string[];
  /**
   * the extra columns that hold personal data (a reading's subject label): written to the row,
   * never to an event (docs/security.md, "Personal data and the event log"), emptied when the job is erased
   */
  personalColumns: string[];
}
export const REPORT_JOBS: JobBook = {
  idPrefix: 'job_',
  table: 'jobs',
  streamPrefix: 'report_job:',
  eventPrefix: 'ReportJob',
  extraColumns: [],
  personalColumns: [],
};
export const VISUAL_JOBS: JobBook = {
  idPrefix: 'vrj_',
  table: 'visual_jobs',
  streamPrefix: 'visual_job:',
  eventPrefix: 'VisualJob',
  extraColumns: ['family', 'sku', 'locale', 'subject_label', 'upload_ids'],
  personalColumns: ['subject_label'],
};

/** The extra columns an event may carry: the book's extra columns but its personal ones. */
export const loggedColumnsOf = (book: JobBook) => book.extraColumns.filter((c) => !book.personalColumns.includes(c));
export const JOB_BOOKS = [REPORT_JOBS, VISUAL_JOBS];

export function bookOf(jobId: string): JobBook {
  return jobId.startsWith(VISUAL_JOBS.idPrefix) ? VISUAL_JOBS : REPORT_JOBS;
}

export const jobStream = (jobId: string) => `${bookOf(jobId).streamPrefix}${jobId}`;

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
  /** false for a test-mode job (a test key's): charged nothing, its artifacts marked TEST */
  livemode: boolean;
  version: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** visual-reading jobs only */
  family?: string;
  sku?: string;
  locale?: string;
  subject_label?: string;
  upload_ids?: Record<string, string>;
  erased_at?: Date | null;
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
  job: {
    id: string;
    accountId: string;
    kind: string;
    operation: string;
    price: number;
    requestId: string;
    /** false for a test-mode job: nothing is charged (its price is 0) */
    livemode?: boolean;
    extra?: Record<string, unknown>;
  },
  metadata: EventMetadata,
): Promise<{ balance: number }> {
  const book = bookOf(job.id);
  const extra = job.extra ?? {};
  for (const column of Object.keys(extra))
    if (!book.extraColumns.includes(column)) throw new Error(`${book.table} has no column ${column}`);
  const livemode = job.livemode !== false;
  if (!livemode && job.price !== 0) throw new Error('a test-mode job is never charged: its price is 0');
  const charged = livemode
    ? await chargeCredits(
        tx,
        { accountId: job.accountId, operation: job.operation, amount: job.price, requestId: job.requestId, jobId: job.id },
        metadata,
      )
    : await findAccount(tx, job.accountId);
  if (!charged) throw new InsufficientCreditsError(job.price);
  const logged = Object.fromEntries(Object.entries(extra).filter(([column]) => !book.personalColumns.includes(column)));
  const [queued] = await appendToStream(tx, jobStream(job.id), 0, [
    {
      type: `${book.eventPrefix}Queued`,
      payload: {
        job_id: job.id,
        account_id: job.accountId,
        kind: job.kind,
        credits_charged: job.price,
        request_id: job.requestId,
        livemode,
        ...logged,
      },
      metadata,
    },
  ]);
  const extraColumns = Object.keys(extra);
  const extraValues = Object.values(extra).map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v));
  await tx.query(
    `INSERT INTO ${book.table} (id, account_id, kind, status, stage, credits_charged, version, livemode, created_at, updated_at${extraColumns.map((c) => `, ${c}`).join('')})
     VALUES ($1, $2, $3, 'queued', 'queued', $4, $5, $6, now(), now()${extraColumns.map((_c, i) => `, $${i + 7}`).join('')})`,
    [job.id, job.accountId, job.kind, job.price, queued.streamVersion, livemode, ...extraValues],
  );
  return { balance: charged.balance };
}

/**
 * The job's attempt: 1, plus one for every operator retry (`…Retried`). Later attempts announce
 * their completion under their own event id, so a receiver that saw the failure also sees the success.
 */
export async function jobAttempt(q: Queryable, jobId: string): Promise<number> {
  const book = bookOf(jobId);
  const [row] = await q.query<{ retries: number }>(`SELECT count(*)::int AS retries FROM events WHERE stream_id = $1 AND event_type = $2`, [
    jobStream(jobId),
    `${book.eventPrefix}Retried`,
  ]);
  return 1 + (row?.retries ?? 0);
}

/** Stands for the transaction's now(), which is also the recorded_at of the event it goes with. */
const NOW = Symbol('now');

const COMMON_COLUMNS = `id, account_id, kind, status, stage, credits_charged, credits_refunded, error_code, error_message,
  artifacts, warnings, livemode, version, created_at, started_at, finished_at`;
const columnsOf = (book: JobBook) =>
  book === VISUAL_JOBS ? `${COMMON_COLUMNS}, ${book.extraColumns.join(', ')}, erased_at` : COMMON_COLUMNS;

export async function findJob(q: Queryable, jobId: string): Promise<JobRow | null> {
  const book = bookOf(jobId);
  const [row] = await q.query<JobRow>(`SELECT ${columnsOf(book)} FROM ${book.table} WHERE id = $1`, [jobId]);
  return row ?? null;
}

/**
 * Applies one job transition under the job's row lock. `decide` sees the current row and returns the
 * event to append, or null when the transition already happened (so activity retries are no-ops).
 */
interface JobChange {
  type: string;
  payload: Record<string, unknown>;
  set: Record<string, unknown>;
  /** more writes that belong to the transition, in its transaction (a refund) */
  alsoIn?: (tx: Queryable) => Promise<unknown>;
}

async function transition(
  db: Database,
  jobId: string,
  decide: (job: JobRow) => JobChange | null,
  metadata: EventMetadata,
): Promise<JobRow> {
  const book = bookOf(jobId);
  const columns = columnsOf(book);
  return db.transaction(async (tx) => {
    const [job] = await tx.query<JobRow>(`SELECT ${columns} FROM ${book.table} WHERE id = $1 FOR UPDATE`, [jobId]);
    if (!job) throw new JobNotRecordedError(jobId);
    const change = decide(job);
    if (!change) return job;
    const [event] = await appendToStream(tx, jobStream(jobId), job.version, [
      { type: `${book.eventPrefix}${change.type}`, payload: change.payload, metadata: { correlation_id: jobId, ...metadata } },
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
    // In a CTE so TypeORM answers rows (a bare UPDATE … RETURNING comes back as [rows, count]).
    const [updated] = await tx.query<JobRow>(
      `WITH changed AS (UPDATE ${book.table} SET ${assignments} WHERE id = $1 RETURNING ${columns}) SELECT * FROM changed`,
      [jobId, ...values],
    );
    await change.alsoIn?.(tx);
    return updated;
  });
}

export function markJobRunning(db: Database, jobId: string, stage: string, metadata: EventMetadata = {}): Promise<JobRow> {
  return transition(
    db,
    jobId,
    (job) => (job.status === 'queued' ? { type: 'Started', payload: { stage }, set: { status: 'running', stage, started_at: NOW } } : null),
    metadata,
  );
}

export function setJobStage(db: Database, jobId: string, stage: string, metadata: EventMetadata = {}): Promise<JobRow> {
  return transition(
    db,
    jobId,
    (job) => (job.status === 'running' && job.stage !== stage ? { type: 'StageChanged', payload: { stage }, set: { stage } } : null),
    metadata,
  );
}

/** Ends a job with `change` unless it has already finished (a finished job stays as it is). */
function finish(db: Database, jobId: string, change: JobChange, metadata: EventMetadata): Promise<JobRow> {
  return transition(db, jobId, (job) => (FINISHED_STATUSES.includes(job.status) ? null : change), metadata);
}

export function markJobSucceeded(
  db: Database,
  jobId: string,
  artifacts: ArtifactMap,
  metadata: EventMetadata = {},
  warnings: string[] = [],
): Promise<JobRow> {
  return finish(
    db,
    jobId,
    {
      type: 'Succeeded',
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
  return finish(
    db,
    jobId,
    {
      type: 'Failed',
      payload: { error_code: failure.errorCode, error_message: failure.message },
      set: { status: 'failed', stage: 'failed', error_code: failure.errorCode, error_message: failure.message, finished_at: NOW },
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
  const book = bookOf(jobId);
  return db.transaction(async (tx) => {
    const [job] = await tx.query<JobRow>(`SELECT ${columnsOf(book)} FROM ${book.table} WHERE id = $1 FOR UPDATE`, [jobId]);
    if (!job) throw new JobNotRecordedError(jobId);
    if (job.credits_refunded > 0 || job.credits_charged === 0) {
      return { refunded: job.credits_refunded, alreadyRefunded: true };
    }
    await refundCredits(
      tx,
      { accountId: job.account_id, jobId, amount: job.credits_charged, reason },
      { correlation_id: jobId, ...metadata },
    );
    await tx.query(`UPDATE ${book.table} SET credits_refunded = $2, updated_at = now() WHERE id = $1`, [jobId, job.credits_charged]);
    return { refunded: job.credits_charged, alreadyRefunded: false };
  });
}

/**
 * Erases a visual-reading job at its owner's request: the event records that it happened (events
 * never held image data or the subject's label) and the row forgets its artifacts and its label. A job that had not finished ends as
 * failed with `deleted` and, like every failed job, is refunded its charge once, in the same
 * transaction as the `…Erased` event (so an erase interrupted half-way leaves neither). A job that
 * succeeded keeps its charge: its reading was delivered. A failed job whose refund is still to come
 * is refunded here; the workflow's own refund then finds it done (`credits_refunded`). The caller
 * stops the workflow first and deletes the files. Idempotent: a second erase changes nothing.
 */
export function markJobErased(
  db: Database,
  jobId: string,
  metadata: EventMetadata = {},
  /** more to erase in the same transaction (the bodies of the deliveries about the job) */
  eraseAlso?: (tx: Queryable) => Promise<unknown>,
): Promise<JobRow> {
  return transition(
    db,
    jobId,
    (job) => {
      if (job.erased_at) return null;
      const unfinished = !FINISHED_STATUSES.includes(job.status);
      const owed = (unfinished || job.status === 'failed') && job.credits_refunded === 0 ? job.credits_charged : 0;
      return {
        type: 'Erased',
        payload: { was_status: job.status },
        set: {
          artifacts: {},
          erased_at: NOW,
          ...Object.fromEntries(bookOf(jobId).personalColumns.map((column) => [column, null])),
          ...(unfinished
            ? { status: 'failed', stage: 'failed', error_code: 'deleted', error_message: 'deleted by its owner', finished_at: NOW }
            : {}),
          ...(owed > 0 ? { credits_refunded: owed } : {}),
        },
        alsoIn: async (tx) => {
          if (owed > 0)
            await refundCredits(
              tx,
              { accountId: job.account_id, jobId, amount: owed, reason: 'deleted' },
              { correlation_id: jobId, ...metadata },
            );
          await eraseAlso?.(tx);
        },
      };
    },
    metadata,
  );
}

export interface UnfinishedJobCount {
  kind: string;
  status: 'queued' | 'running';
  stage: string;
  count: number;
}

/** Jobs queued or running right now, by kind and stage, over both books (the `/metrics` gauge; partial indexes). */
export async function countUnfinishedJobs(q: Queryable): Promise<UnfinishedJobCount[]> {
  const selects = JOB_BOOKS.map(
    (book) =>
      `SELECT kind, status, stage, count(*)::int AS count FROM ${book.table} WHERE status IN ('queued', 'running') GROUP BY kind, status, stage`,
  );
  return q.query<UnfinishedJobCount>(selects.join(' UNION ALL '));
}
