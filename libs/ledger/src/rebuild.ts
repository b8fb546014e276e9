import { Database, Queryable } from '@astro/database';
import { stableJson } from '@astro/contracts';
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

const LOCK_TIMEOUT = '250ms';
const REBUILD_ATTEMPTS = 20;

function isLockTimeout(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e.code ?? e.driverError?.code) === '55P03';
}

/**
 * Replaces every projection's rows with the ones folded from the log; appends wait meanwhile.
 * Writers lock projection rows and the log in different orders, so the rebuild never waits long
 * for a lock: it gives up after 250 ms (before PostgreSQL's 1 s deadlock check could pick a live
 * request as the victim) and tries again shortly after.
 */
export async function rebuildProjections(db: Database, projections: Projection[]): Promise<{ table: string; rows: number }[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rebuildOnce(db, projections);
    } catch (err) {
      if (!isLockTimeout(err) || attempt >= REBUILD_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

async function rebuildOnce(db: Database, projections: Projection[]): Promise<{ table: string; rows: number }[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    // SHARE mode conflicts with the ROW EXCLUSIVE lock of INSERT: no event lands mid-rebuild.
    await tx.query('LOCK TABLE events IN SHARE MODE');
    for (const projection of projections) await tx.query(`LOCK TABLE ${projection.table} IN ACCESS EXCLUSIVE MODE`);
    const computed = await foldLog(tx, projections);
    const summary: { table: string; rows: number }[] = [];
    for (const [i, projection] of projections.entries()) {
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
