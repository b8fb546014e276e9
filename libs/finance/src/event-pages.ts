import { Queryable } from '@astro/database';
import { EVENT_COLUMNS, EventRow, StoredEvent, toStoredEvent } from '@astro/ledger';
import { JobLineStore } from './job-lines';
import { jobIdOf, ReconciliationFold } from './reconciliation';

/** A slice of the log: positions in [fromPosition, toPosition], recorded in [recordedFrom, recordedTo). */
export interface LogRange {
  fromPosition: number;
  toPosition: number | null;
  recordedFrom: Date | null;
  recordedTo: Date | null;
}

/**
 * The range's events in log order, a page at a time (keyset on the primary key, so a page costs the
 * same however long the log): memory holds one page whatever the size of the range.
 */
export async function* eventPages(q: Queryable, range: LogRange, pageSize: number): AsyncGenerator<StoredEvent[]> {
  const where = ['position > $1', 'position >= $2'];
  const params: unknown[] = [0, range.fromPosition];
  if (range.toPosition !== null) where.push(`position <= $${params.push(range.toPosition)}`);
  if (range.recordedFrom) where.push(`recorded_at >= $${params.push(range.recordedFrom)}`);
  if (range.recordedTo) where.push(`recorded_at < $${params.push(range.recordedTo)}`);
  const sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position LIMIT $${params.push(pageSize)}`;
  for (;;) {
    const rows = await q.query<EventRow>(sql, params);
    if (rows.length > 0) yield rows.map(toStoredEvent);
    if (rows.length < pageSize) return;
    params[0] = Number(rows[rows.length - 1].position);
  }
}

/** A job's history starts with its first charge or its `…Queued` event (one transaction writes both). */
const startsJob = (event: StoredEvent) =>
  (event.type === 'CreditsCharged' && event.payload.attempt === undefined) || event.type.endsWith('JobQueued');

/**
 * Before a page is folded: a job the fold does not hold whose first event in the page cannot start
 * a job (a refund, a retry, a later attempt's charge) is a settled job it dropped earlier; its
 * earlier events (found through the job id index and the job streams) are folded again first.
 * Returns the ids of the jobs taken up again.
 */
export async function restoreDroppedJobs(q: Queryable, fold: ReconciliationFold, page: StoredEvent[], recordedTo: Date): Promise<string[]> {
  const decided = new Set<string>();
  const dropped: string[] = [];
  for (const event of page) {
    const id = jobIdOf(event);
    if (!id || decided.has(id) || fold.knowsJob(id)) continue;
    decided.add(id);
    if (!startsJob(event)) dropped.push(id);
  }
  if (dropped.length === 0) return dropped;
  const rows = await q.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events
      WHERE ((payload->>'job_id') = ANY($1::text[]) OR stream_id = ANY($2::text[])) AND position < $3 AND recorded_at < $4
      ORDER BY position`,
    [dropped, dropped.flatMap((id) => [`report_job:${id}`, `visual_job:${id}`]), page[0].position, recordedTo],
  );
  if (rows.length > 0) fold.replayJob(rows.map(toStoredEvent));
  return dropped;
}

/**
 * Folds a range into the reconciliation, page by page, in bounded memory: the lines of the jobs the
 * fold drops go to `lines` as it drops them, and come back out when the log takes a job up again.
 */
export async function foldRange(
  q: Queryable,
  fold: ReconciliationFold,
  range: LogRange & { recordedTo: Date },
  options: { pageSize: number; lines: JobLineStore; onPage?: (page: StoredEvent[]) => void | boolean },
): Promise<void> {
  for await (const page of eventPages(q, range, options.pageSize)) {
    await options.lines.remove(await restoreDroppedJobs(q, fold, page, range.recordedTo));
    for (const event of page) fold.add(event);
    if (options.onPage?.(page) === false) return;
    fold.pruneIfLarge();
    await options.lines.add(fold.takeSettledLines());
  }
}
