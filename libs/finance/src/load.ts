import { Database } from '@astro/database';
import { checkpointAccounts, checkpointAtOrAfter, checkpointAtOrBefore, checkpointState } from './checkpoints';
import { foldRange } from './event-pages';
import { JobLineStore } from './job-lines';
import {
  JobLine,
  JobLines,
  LiveAccountRow,
  Reconciliation,
  ReconciliationFold,
  ReconciliationPeriod,
  ReconciliationSummary,
} from './reconciliation';

export interface ReconcileOptions {
  /** called after every page of events, for a progress bar (the total is estimated from positions) */
  onProgress?: (read: number, total: number) => void;
  pageSize?: number;
  /** the fold drops its settled jobs above this many (tests lower it to see the drops on a small log) */
  pruneAbove?: number;
  /** called after every page with what the fold holds (ReconciliationFold.retained) */
  onRetained?: (retained: ReturnType<ReconciliationFold['retained']>) => void;
}

/** The whole report in memory: for the API and a month's report, whose job list a caller wants whole. */
export async function reconcile(db: Database, period: ReconciliationPeriod, options: ReconcileOptions = {}): Promise<Reconciliation> {
  return reconcileStreamed(
    db,
    period,
    async (summary, lines) => {
      const jobs: JobLine[] = [];
      for await (const page of lines.pages()) jobs.push(...page);
      const { invariants, ok, ...head } = summary;
      return { ...head, jobs, invariants, ok };
    },
    options,
  );
}

/**
 * Folds the event log up to the end of the period into the report. It starts from the latest
 * month-end checkpoint at or before the period's start (ensureCheckpoints builds them) and reads
 * only the positions between it and the first checkpoint at or after the period's end, so a month
 * costs the same however long the log; memory holds one page and the unsettled jobs. Everything is
 * read in one REPEATABLE READ snapshot, so the log and the accounts projection it is compared with
 * are the same instant even while the API keeps charging.
 *
 * The job lines, the one part of the report that grows with the range, never accumulate in the
 * process: `write` gets the summary and reads the lines a page at a time (inside the transaction,
 * which ends when `write` returns), so a whole-range report costs the memory of a month's.
 */
export async function reconcileStreamed<T>(
  db: Database,
  period: ReconciliationPeriod,
  write: (summary: ReconciliationSummary, lines: JobLines) => Promise<T>,
  options: ReconcileOptions = {},
): Promise<T> {
  if (!(period.from < period.to)) throw new Error('the period must end after it starts');
  const pageSize = options.pageSize ?? 5_000;
  return db.transaction(async (tx) => {
    const fold = new ReconciliationFold(period, options.pruneAbove);
    const lines = new JobLineStore(tx);
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
        lines,
        onPage: (page) => {
          read += page.length;
          options.onProgress?.(Math.min(read, total), total);
          options.onRetained?.(fold.retained());
        },
      },
    );
    options.onProgress?.(total, total);
    await lines.add([...fold.takeSettledLines(), ...fold.openLines()]);
    const finish = async (summary: ReconciliationSummary) => write(summary, { ...(await lines.counts()), pages: () => lines.pages() });
    // The projection holds today's state; it is comparable with the fold only when the period
    // reaches the present (the fold then covers the whole log of this snapshot).
    const [{ now }] = await tx.query<{ now: Date }>(`SELECT now() AS now`);
    if (period.to < now) return finish(fold.summary(null, 'the period ends in the past; the projection holds the present state'));
    const live = await tx.query<LiveAccountRow>(
      `SELECT id, balance::float8 AS balance, credits_granted::float8 AS credits_granted,
              credits_charged::float8 AS credits_charged, credits_refunded::float8 AS credits_refunded
         FROM accounts ${period.accountId ? 'WHERE id = $1' : ''}`,
      period.accountId ? [period.accountId] : [],
    );
    return finish(fold.summary(live));
  }, 'REPEATABLE READ');
}

/** A period bound as the CLI and the API take it: YYYY-MM-DD is that day's UTC midnight. */
export function parsePeriodBound(value: string): Date | null {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
