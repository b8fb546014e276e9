import { Queryable } from '@astro/database';
import { StoredEvent } from './event-store';

export type ProjectionValue = string | number | boolean | null | Record<string, unknown> | unknown[];
export type ProjectionRow = Record<string, ProjectionValue>;

/**
 * A read model that can be recomputed from the log. `fold` is written independently of the live
 * SQL that maintains the table, so a rebuild that matches the live rows proves both agree.
 */
export interface Projection {
  table: string;
  key: string;
  /** Columns compared and written, in order; values are plain JSON (dates as ISO strings). */
  columns: string[];
  /** SQL that reads the live rows with the same column names and JSON-comparable values. */
  selectLive: string;
  fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void;
  /**
   * SQL over the `events` table's columns giving the key of the one row an event can change, as
   * text, NULL when it changes none (`fold` must ignore such an event). Given, the projection is
   * verified in key partitions computed by PostgreSQL: each pass reads only the events and the live
   * rows of its part of the keys, so memory stays bounded however many rows the projection has and
   * the events of the other parts never leave the database; without it, the projection is folded
   * from the whole log in one pass.
   */
  keySql?: string;
}

/**
 * SQL: the rest of `stream_id` after `prefix` when the stream id starts with it, else NULL (the key
 * of a projection folded from `<prefix><id>` streams). Compared with left(), not LIKE, whose `_`
 * would match any character.
 */
export function streamKeySql(prefix: string): string {
  return `CASE WHEN left(stream_id, ${prefix.length}) = '${prefix.replace(/'/g, "''")}' THEN substr(stream_id, ${prefix.length + 1}) END`;
}

export interface ProjectionDifference {
  table: string;
  key: string;
  live: ProjectionRow | null;
  rebuilt: ProjectionRow | null;
}

export async function loadLiveRows(q: Queryable, projection: Projection): Promise<Map<string, ProjectionRow>> {
  const rows = await q.query<ProjectionRow>(projection.selectLive);
  return new Map(rows.map((r) => [String(r[projection.key]), r]));
}
