import { Database, Queryable } from '@astro/database';
import { EVENT_COLUMNS, EventRow, readAllEvents, StoredEvent, toStoredEvent } from './event-store';
import { Projection, ProjectionRow } from './projection';

export { diffProjections } from './verify';

const LOCK_TIMEOUT = '250ms';
const SWAP_ATTEMPTS = 20;
const INSERT_BATCH = 1_000;

function isLockTimeout(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e.code ?? e.driverError?.code) === '55P03';
}

/** A map that remembers which keys a fold read or wrote (the rows a catch-up changed). */
class TouchedMap extends Map<string, ProjectionRow> {
  touched = new Set<string>();
  /** off for the first fold (every key is written to the shadow then), on for the catch-up */
  tracking = false;
  override get(key: string): ProjectionRow | undefined {
    if (this.tracking) this.touched.add(key);
    return super.get(key);
  }
  override set(key: string, row: ProjectionRow): this {
    if (this.tracking) this.touched.add(key);
    return super.set(key, row);
  }
  override delete(key: string): boolean {
    if (this.tracking) this.touched.add(key);
    return super.delete(key);
  }
}

interface Folded {
  projection: Projection;
  rows: TouchedMap;
  /** the highest position folded */
  position: number;
  /**
   * Positions below `position` not seen yet: a position is taken at the insert and becomes visible
   * at the commit, so a transaction that inserted earlier may commit later (or roll back). They are
   * read again at every catch-up. One account's (one job's) events are appended under its row lock,
   * so an event found late is never older than an event of the same row already folded.
   */
  gaps: [number, number][];
}
const shadowOf = (projection: Projection) => `${projection.table}_rebuild`;

/** Rows as JSON for jsonb_populate_recordset (objects stay nested: the jsonb columns take them). */
async function insertRows(q: Queryable, table: string, rows: ProjectionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await q.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [
      JSON.stringify(rows.slice(i, i + INSERT_BATCH)),
    ]);
  }
}

function foldEvent(f: Folded, event: StoredEvent): void {
  if (event.position > f.position + 1) f.gaps.push([f.position + 1, event.position - 1]);
  f.projection.fold(f.rows, event);
  f.position = Math.max(f.position, event.position);
}

/** Folds what `folded` has not seen: the events now visible in its gaps, then those after its position. */
async function catchUp(q: Queryable, folded: Folded[]): Promise<void> {
  for (const f of folded) {
    if (f.gaps.length === 0) continue;
    const rows = await q.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events e JOIN unnest($1::bigint[], $2::bigint[]) g(lo, hi) ON e.position BETWEEN g.lo AND g.hi
        ORDER BY e.position`,
      [f.gaps.map((g) => g[0]), f.gaps.map((g) => g[1])],
    );
    const found = rows.map(toStoredEvent);
    for (const event of found) f.projection.fold(f.rows, event);
    const seen = new Set(found.map((e) => e.position));
    f.gaps = f.gaps.flatMap(([lo, hi]) => {
      const left: [number, number][] = [];
      let start = lo;
      for (let p = lo; p <= hi; p++) {
        if (!seen.has(p)) continue;
        if (p > start) left.push([start, p - 1]);
        start = p + 1;
      }
      if (start <= hi) left.push([start, hi]);
      return left;
    });
  }
  const after = Math.min(...folded.map((f) => f.position));
  for await (const event of readAllEvents(q, 5_000, after)) {
    for (const f of folded) if (event.position > f.position) foldEvent(f, event);
  }
}

/**
 * Recomputes every projection from the log without stopping the writers:
 * 1. the log is folded in memory, page by page, with no lock;
 * 2. each projection's rows are written in batches into a shadow table (`<table>_rebuild`);
 * 3. each projection is swapped in its own short transaction: it takes the table's EXCLUSIVE lock
 *    (writers of that table wait, readers do not), folds the events committed since step 1 (a writer
 *    appends and projects in one transaction, so every event committed by then is visible and every
 *    later one is projected by its writer onto the swapped rows), writes the rows they touched into
 *    the shadow, and applies the shadow to the live table as a difference (rows deleted, inserted,
 *    and updated only where they differ), keeping the table's indexes, grants and references.
 * Charges wait only for the swap of `accounts`, a thousand rows, never for the fold.
 */
export async function rebuildProjections(
  db: Database,
  projections: Projection[],
  options: {
    /** called after a projection's shadow is written and before it is swapped in (tests order writers against it) */
    beforeSwap?: (table: string) => Promise<void>;
  } = {},
): Promise<{ table: string; rows: number }[]> {
  const folded: Folded[] = projections.map((projection) => ({ projection, rows: new TouchedMap(), position: 0, gaps: [] }));
  await catchUp(db, folded);
  for (const f of folded) f.rows.tracking = true;
  const summary: { table: string; rows: number }[] = [];
  for (const f of folded) {
    const shadow = shadowOf(f.projection);
    await db.query(`DROP TABLE IF EXISTS ${shadow}`);
    await db.query(`CREATE UNLOGGED TABLE ${shadow} (LIKE ${f.projection.table} INCLUDING DEFAULTS)`);
    await allowEmptyUnfolded(db, shadow, f.projection);
    await insertRows(db, shadow, [...f.rows.values()]);
    await db.query(`CREATE UNIQUE INDEX ON ${shadow} (${f.projection.key})`);
    await options.beforeSwap?.(f.projection.table);
    // Most of what was appended meanwhile is folded before the lock, so the swap has little left.
    await catchUp(db, [f]);
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction((tx) => swap(tx, f));
        f.rows.touched.clear();
        break;
      } catch (err) {
        if (!isLockTimeout(err) || attempt >= SWAP_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
    await db.query(`DROP TABLE IF EXISTS ${shadow}`);
    summary.push({ table: f.projection.table, rows: f.rows.size });
  }
  return summary;
}

/**
 * The shadow's columns the projection does not fold (a row's personal data, which the log never
 * holds: docs/security.md) stay empty there, so they may be NULL in the shadow whatever the live
 * table requires; the swap writes only the folded columns and leaves them as they are.
 */
async function allowEmptyUnfolded(q: Queryable, shadow: string, projection: Projection): Promise<void> {
  const required = await q.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_nullable = 'NO'`,
    [shadow],
  );
  for (const { name } of required) {
    if (!projection.columns.includes(name)) await q.query(`ALTER TABLE ${shadow} ALTER COLUMN "${name}" DROP NOT NULL`);
  }
}

async function swap(tx: Queryable, f: Folded): Promise<void> {
  const { projection } = f;
  const table = projection.table;
  const shadow = shadowOf(projection);
  await tx.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
  // EXCLUSIVE conflicts with the ROW EXCLUSIVE lock of a writer's UPDATE or INSERT, not with reads.
  await tx.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
  // A swap that timed out is tried again with the same touched keys: they are cleared only after commit.
  await catchUp(tx, [f]);
  const touched = [...f.rows.touched];
  if (touched.length > 0) {
    await tx.query(`DELETE FROM ${shadow} WHERE ${projection.key}::text = ANY($1::text[])`, [touched]);
    await insertRows(
      tx,
      shadow,
      touched.map((k) => f.rows.get(k)).filter((r): r is ProjectionRow => r !== undefined),
    );
  }
  const key = projection.key;
  const columns = projection.columns;
  const list = columns.join(', ');
  await tx.query(`DELETE FROM ${table} t WHERE NOT EXISTS (SELECT 1 FROM ${shadow} s WHERE s.${key} = t.${key})`);
  // An UPDATE, then an INSERT of the missing keys (not an upsert: PostgreSQL checks an upsert's
  // proposed row against NOT NULL before it finds the conflict, and the columns a projection does not
  // fold are empty in the shadow). Nobody writes the table meanwhile: it is locked.
  await tx.query(
    `UPDATE ${table} t SET ${columns.map((c) => `${c} = s.${c}`).join(', ')} FROM ${shadow} s
      WHERE s.${key} = t.${key} AND (${columns.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `s.${c}`).join(', ')})`,
  );
  await tx.query(
    `INSERT INTO ${table} (${list}) SELECT ${list} FROM ${shadow} s WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.${key} = s.${key})`,
  );
}
