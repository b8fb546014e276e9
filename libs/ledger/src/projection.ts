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
   * The key of the one row an event can change, null when it changes none. Given, the projection is
   * verified in key partitions (each pass folds only its part of the keys), so memory stays bounded
   * however many rows it has; without it, it is verified in one pass.
   */
  keyOf?(event: StoredEvent): string | null;
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
