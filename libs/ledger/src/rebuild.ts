import { Database, Queryable } from '../../database/src/database';
import { stableJson } from '../../contracts/src/stable-json';
import { readAllEvents } from './event-store';
import { loadLiveRows, Projection, ProjectionDifference, ProjectionRow } from './projection';

function rowsEqual(projection: Projection, a: ProjectionRow, b: ProjectionRow): boolean {
  return projection.columns.every((c) => stableJson(a[c]) === stableJson(b[c]));
}

/** Folds the whole log into fresh rows for each projection. */
async function foldLog(q: Queryable, projections: Projection[]): Promise<Map<string, ProjectionRow>[]> {
  const computed = projections.map(() => new Map<string, ProjectionRow>());
  for await (const event of readAllEvents(q)) {
    projections.forEach((p, i) => p.fold(computed[i], event));
  }
  return computed;
}

/**
 * Compares every live projection row with the row the log folds to, in one snapshot, so that
 * concurrent writers (which append and project in one transaction) cannot cause false alarms.
 */
export async function diffProjections(db: Database, projections: Projection[]): Promise<ProjectionDifference[]> {
  return db.transaction(async (tx) => {
    const computed = await foldLog(tx, projections);
    const differences: ProjectionDifference[] = [];
    for (const [i, projection] of projections.entries()) {
      const live = await loadLiveRows(tx, projection);
      const rebuilt = computed[i];
      for (const key of new Set([...live.keys(), ...rebuilt.keys()])) {
        const a = live.get(key) ?? null;
        const b = rebuilt.get(key) ?? null;
        if (!a || !b || !rowsEqual(projection, a, b)) differences.push({ table: projection.table, key, live: a, rebuilt: b });
      }
    }
    return differences;
  }, 'REPEATABLE READ');
}

const LOCK_NOT_AVAILABLE = '55P03';
const REBUILD_ATTEMPTS = 50;

function isLockTimeout(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } } | undefined;
  return (e?.code ?? e?.driverError?.code) === LOCK_NOT_AVAILABLE;
}

/**
 * Replaces every projection's rows with the ones folded from the log; appends wait meanwhile.
 * Writers lock a projection row and then append to `events`; the rebuild locks `events` first and
 * the projection tables after, so the two can cross. A lock_timeout well below PostgreSQL's
 * deadlock_timeout (1 s) makes the rebuild the side that gives way (it retries), never a customer's
 * charge, which would otherwise be aborted as the deadlock victim.
 */
export async function rebuildProjections(db: Database, projections: Projection[]): Promise<{ table: string; rows: number }[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rebuildOnce(db, projections);
    } catch (err) {
      if (!isLockTimeout(err) || attempt >= REBUILD_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

async function rebuildOnce(db: Database, projections: Projection[]): Promise<{ table: string; rows: number }[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL lock_timeout = '200ms'`);
    // SHARE mode conflicts with the ROW EXCLUSIVE lock of INSERT: no event lands mid-rebuild.
    await tx.query('LOCK TABLE events IN SHARE MODE');
    const computed = await foldLog(tx, projections);
    const summary: { table: string; rows: number }[] = [];
    for (const [i, projection] of projections.entries()) {
      await tx.query(`LOCK TABLE ${projection.table} IN ACCESS EXCLUSIVE MODE`);
      await tx.query(`DELETE FROM ${projection.table}`);
      const columnList = projection.columns.join(', ');
      const placeholders = projection.columns.map((_, j) => `$${j + 1}`).join(', ');
      for (const row of computed[i].values()) {
        const values = projection.columns.map((c) => {
          const v = row[c];
          return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
        });
        await tx.query(`INSERT INTO ${projection.table} (${columnList}) VALUES (${placeholders})`, values);
      }
      summary.push({ table: projection.table, rows: computed[i].size });
    }
    return summary;
  });
}
