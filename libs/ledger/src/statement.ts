import { Queryable } from '@astro/database';
import { accountStream } from './credits';
import { EVENT_COLUMNS } from './event-store';

export interface StatementEntry {
  version: number;
  position: number;
  type: string;
  amount: number | null;
  operation: string | null;
  job_id: string | null;
  request_id: string | null;
  reason: string | null;
  recorded_at: string;
}

function entryOf(row: {
  stream_version: number;
  position: string;
  event_type: string;
  payload: Record<string, unknown>;
  recorded_at_iso: string;
}): StatementEntry {
  const p = row.payload;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    version: row.stream_version,
    position: Number(row.position),
    type: row.event_type,
    amount: typeof p.amount === 'number' ? p.amount : null,
    operation: text(p.operation),
    job_id: text(p.job_id),
    request_id: text(p.request_id),
    reason: text(p.reason),
    recorded_at: row.recorded_at_iso,
  };
}

/** An account's ledger, newest first, a page at a time (cursor: the stream version). */
export async function accountStatement(
  q: Queryable,
  accountId: string,
  page: { limit: number; before?: number },
): Promise<{ entries: StatementEntry[]; nextBefore: number | null }> {
  const rows = await q.query<Parameters<typeof entryOf>[0]>(
    `SELECT ${EVENT_COLUMNS} FROM events
      WHERE stream_id = $1 AND ($2::int IS NULL OR stream_version < $2)
      ORDER BY stream_version DESC LIMIT $3`,
    [accountStream(accountId), page.before ?? null, page.limit + 1],
  );
  const entries = rows.slice(0, page.limit).map(entryOf);
  const more = rows.length > page.limit;
  return { entries, nextBefore: more ? entries[entries.length - 1].version : null };
}
