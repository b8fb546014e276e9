import { Queryable } from '@astro/database';

/** Who and what caused an event, so finance and operators can trace any credit to its request. */
export interface EventMetadata {
  request_id?: string;
  actor?: string;
  causation_id?: string;
  correlation_id?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  type: string;
  payload: Record<string, unknown>;
  metadata?: EventMetadata;
}

export interface StoredEvent {
  position: number;
  streamId: string;
  streamVersion: number;
  type: string;
  payload: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: Date;
  /** recorded_at with PostgreSQL's microseconds, for exact comparisons in projection rebuilds. */
  recordedAtIso: string;
}

/** The columns every event read selects; recorded_at_iso keeps the microseconds a Date would drop. */
export const EVENT_COLUMNS = `position, stream_id, stream_version, event_type, payload, metadata, recorded_at,
  ${utcIsoSql('recorded_at')} AS recorded_at_iso`;

/** SQL that renders a timestamptz column as an ISO 8601 UTC string with microseconds. */
export function utcIsoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Another writer appended to the stream first; the caller re-reads and decides again. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`stream ${streamId} is no longer at version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

/** An `events` row as EVENT_COLUMNS selects it. */
export interface EventRow {
  position: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  payload: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
  recorded_at_iso: string;
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.event_type,
    payload: row.payload,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    recordedAtIso: row.recorded_at_iso,
  };
}

function isStreamVersionConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.code ?? e.driverError?.code;
  const constraint = e.constraint ?? e.driverError?.constraint;
  return code === '23505' && constraint === 'events_stream_version_unique';
}

/**
 * Appends events after `expectedVersion` (0 for a new stream). The unique (stream_id,
 * stream_version) constraint makes a concurrent append fail instead of interleaving.
 */
export async function appendToStream(q: Queryable, streamId: string, expectedVersion: number, events: NewEvent[]): Promise<StoredEvent[]> {
  const stored: StoredEvent[] = [];
  try {
    for (const [i, event] of events.entries()) {
      const rows = await q.query<EventRow>(
        `INSERT INTO events (stream_id, stream_version, event_type, payload, metadata)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${EVENT_COLUMNS}`,
        [streamId, expectedVersion + i + 1, event.type, JSON.stringify(event.payload), JSON.stringify(event.metadata ?? {})],
      );
      stored.push(toStoredEvent(rows[0]));
    }
  } catch (err) {
    if (isStreamVersionConflict(err)) throw new ConcurrencyError(streamId, expectedVersion);
    throw err;
  }
  return stored;
}

export async function readStream(q: Queryable, streamId: string): Promise<StoredEvent[]> {
  const rows = await q.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_version`, [streamId]);
  return rows.map(toStoredEvent);
}

/** Reads the log after position `after` in order of position, a page at a time (for projection rebuilds). */
export async function* readAllEvents(q: Queryable, pageSize = 5_000, after = 0): AsyncGenerator<StoredEvent> {
  for (;;) {
    const rows = await q.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, [
      after,
      pageSize,
    ]);
    for (const row of rows) yield toStoredEvent(row);
    if (rows.length < pageSize) return;
    after = Number(rows[rows.length - 1].position);
  }
}

/**
 * Which events a read keeps and what it computes with each, in SQL, so that the events it drops
 * never leave the database.
 */
export interface EventSelection {
  /** A condition over the `events` table's columns; its parameters are `$1`, `$2`, … of `params`. */
  where?: string;
  /** More values per event, name → SQL expression over the `events` table's columns (may use `params` too). */
  extra?: Record<string, string>;
  params?: unknown[];
}

/**
 * Reads the events `selection` keeps, up to the last position when the read starts, in order of
 * position, a page at a time, each with the selection's `extra` values (e.g. the key partition of
 * every projection a verification pass folds). Each query reads at most a window of positions
 * (20 pages' worth): with only `position > after`, PostgreSQL estimates how many rows a selective
 * condition keeps by a default fraction and may scan the whole table and sort it for every page.
 */
export async function* readSelectedEvents(
  q: Queryable,
  selection: EventSelection,
  pageSize = 5_000,
): AsyncGenerator<{ event: StoredEvent; extra: Record<string, unknown> }> {
  const params = selection.params ?? [];
  const names = Object.keys(selection.extra ?? {});
  const extra = names.map((name) => `, ${selection.extra![name]} AS "${name}"`).join('');
  const where = selection.where ? ` AND (${selection.where})` : '';
  const [from, to, limit] = [params.length + 1, params.length + 2, params.length + 3];
  const sql = `SELECT ${EVENT_COLUMNS}${extra} FROM events WHERE position > $${from} AND position <= $${to}${where}
                ORDER BY position LIMIT $${limit}`;
  const [{ last }] = await q.query<{ last: string }>(`SELECT coalesce(max(position), 0) AS last FROM events`);
  const window = pageSize * 20;
  let after = 0;
  while (after < Number(last)) {
    const until = Math.min(after + window, Number(last));
    const rows = await q.query<EventRow & Record<string, unknown>>(sql, [...params, after, until, pageSize]);
    for (const row of rows) yield { event: toStoredEvent(row), extra: Object.fromEntries(names.map((n) => [n, row[n]])) };
    after = rows.length < pageSize ? until : Number(rows[rows.length - 1].position);
  }
}
