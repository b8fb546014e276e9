import { Database } from '@astro/database';
import { checkpointAccounts, checkpointAtOrAfter, checkpointAtOrBefore, checkpointState } from './checkpoints';
import { foldRange } from './event-pages';
import { LiveAccountRow, Reconciliation, ReconciliationFold, ReconciliationPeriod } from './reconciliation';

export interface ReconcileOptions {
  /** called after every page of events, for a progress bar (the total is estimated from positions) */
  onProgress?: (read: number, total: number) => void;
  pageSize?: number;
}

/**
 * Folds the event log up to the end of the period into the report. It starts from the latest
 * month-end checkpoint at or before the period's start (ensureCheckpoints builds them) and reads
 * only the positions between it and the first checkpoint at or after the period's end, so a month
 * costs the same however long the log; memory holds one page and the unsettled jobs. Everything is
 * read in one REPEATABLE READ snapshot, so the log and the accounts projection it is compared with
 * are the same instant even while the API keeps charging.
 */
export async function reconcile(db: Database, period: ReconciliationPeriod, options: ReconcileOptions = {}): Promise<Reconciliation> {
  if (!(period.from < period.to)) throw new Error('the period must end after it starts');
  const pageSize = options.pageSize ?? 5_000;
  return db.transaction(async (tx) => {
    const fold = new ReconciliationFold(period);
    const start = await checkpointAtOrBefore(tx, period.from);
    const end = await checkpointAtOrAfter(tx, period.to);
    if (start) fold.restore(await checkpointState(tx, start.periodEnd), await checkpointAccounts(tx, start.periodEnd, period.accountId));
    const fromPosition = start?.nextPosition ?? 0;
    const [{ last }] = await tx.query<{ last: string | null }>(`SELECT max(position) AS last FROM events`);
    const total = Math.max(0, (end?.lastPosition ?? Number(last ?? 0)) - fromPosition + 1);
    let read = 0;
    await foldRange(
      tx,
      fold,
      { fromPosition, toPosition: end?.lastPosition ?? null, recordedFrom: start?.periodEnd ?? null, recordedTo: period.to },
      {
        pageSize,
        onPage: (page) => {
          read += page.length;
          options.onProgress?.(Math.min(read, total), total);
        },
      },
    );
    options.onProgress?.(total, total);
    // The projection holds today's state; it is comparable with the fold only when the period
    // reaches the present (the fold then covers the whole log of this snapshot).
    const [{ now }] = await tx.query<{ now: Date }>(`SELECT now() AS now`);
    if (period.to < now) return fold.result(null, 'the period ends in the past; the projection holds the present state');
    const live = await tx.query<LiveAccountRow>(
      `SELECT id, balance::float8 AS balance, credits_granted::float8 AS credits_granted,
              credits_charged::float8 AS credits_charged, credits_refunded::float8 AS credits_refunded
         FROM accounts ${period.accountId ? 'WHERE id = $1' : ''}`,
      period.accountId ? [period.accountId] : [],
    );
    return fold.result(live);
  }, 'REPEATABLE READ');
}

/** A period bound as the CLI and the API take it: YYYY-MM-DD is that day's UTC midnight. */
export function parsePeriodBound(value: string): Date | null {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
