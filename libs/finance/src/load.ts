import { Database } from '@astro/database';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '@astro/ledger';
import { LiveAccountRow, Reconciliation, ReconciliationFold, ReconciliationPeriod } from './reconciliation';

export interface ReconcileOptions {
  /** called after every page of events, for a progress bar */
  onProgress?: (read: number, total: number) => void;
  pageSize?: number;
}

/**
 * Reads the event log up to the end of the period and folds it into the report. Everything is read
 * in one REPEATABLE READ snapshot, so the log and the accounts projection it is compared with are
 * the same instant even while the API keeps charging.
 */
export async function reconcile(db: Database, period: ReconciliationPeriod, options: ReconcileOptions = {}): Promise<Reconciliation> {
  if (!(period.from < period.to)) throw new Error('the period must end after it starts');
  const pageSize = options.pageSize ?? 5_000;
  return db.transaction(async (tx) => {
    const [{ count }] = await tx.query<{ count: string }>(`SELECT count(*) FROM events WHERE recorded_at < $1`, [period.to]);
    const total = Number(count);
    const fold = new ReconciliationFold(period);
    let after = 0;
    let read = 0;
    for (;;) {
      const rows = await tx.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1 AND recorded_at < $2 ORDER BY position LIMIT $3`,
        [after, period.to, pageSize],
      );
      for (const row of rows) fold.add(toStoredEvent(row));
      read += rows.length;
      options.onProgress?.(read, total);
      if (rows.length < pageSize) break;
      after = Number(rows[rows.length - 1].position);
    }
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
