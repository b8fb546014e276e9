import { Database, Queryable } from '@astro/database';
import { stableJson } from '@astro/contracts';
import { readAllEvents } from './event-store';
import { Projection, ProjectionDifference, ProjectionRow } from './projection';

/** Rows of one projection folded in memory at once; a bigger projection is verified in partitions. */
export const VERIFY_ROWS_PER_PASS = 100_000;
const LIVE_PAGE = 5_000;

export function rowsEqual(projection: Projection, a: ProjectionRow, b: ProjectionRow): boolean {
  return projection.columns.every((c) => stableJson(a[c]) === stableJson(b[c]));
}

/** FNV-1a: the partition of a key, the same for the folded row and the live one. */
export function keyPartition(key: string, partitions: number): number {
  if (partitions <= 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash % partitions;
}

interface Plan {
  projection: Projection;
  partitions: number;
}

/** The live rows of a projection in its partition, a page at a time (a server-side cursor). */
async function* livePages(tx: Queryable, plan: Plan, part: number): AsyncGenerator<ProjectionRow[]> {
  await tx.query(`DECLARE verify_live NO SCROLL CURSOR FOR ${plan.projection.selectLive}`);
  try {
    for (;;) {
      const rows = await tx.query<ProjectionRow>(`FETCH ${LIVE_PAGE} FROM verify_live`);
      yield rows.filter((r) => keyPartition(String(r[plan.projection.key]), plan.partitions) === part);
      if (rows.length < LIVE_PAGE) return;
    }
  } finally {
    await tx.query(`CLOSE verify_live`);
  }
}

/**
 * Compares every live projection row with the row the log folds to, in one snapshot, so that
 * concurrent writers (which append and project in one transaction) cannot cause false alarms.
 * Streamed: the log is read a page at a time and the live rows through a cursor; a projection with
 * more rows than VERIFY_ROWS_PER_PASS (and a `keyOf`) is folded in several passes over the log,
 * each keeping only its partition of the keys, so memory is bounded whatever the size of the log.
 */
export async function diffProjections(
  db: Database,
  projections: Projection[],
  options: { rowsPerPass?: number } = {},
): Promise<ProjectionDifference[]> {
  const rowsPerPass = options.rowsPerPass ?? VERIFY_ROWS_PER_PASS;
  return db.transaction(async (tx) => {
    const plans: Plan[] = [];
    for (const projection of projections) {
      const [{ n }] = await tx.query<{ n: string }>(`SELECT count(*) AS n FROM ${projection.table}`);
      const partitions = projection.keyOf ? Math.max(1, Math.ceil(Number(n) / rowsPerPass)) : 1;
      plans.push({ projection, partitions });
    }
    const differences: ProjectionDifference[] = [];
    const passes = Math.max(...plans.map((p) => p.partitions));
    for (let part = 0; part < passes; part++) {
      const active = plans.filter((p) => p.partitions > part);
      const computed = active.map(() => new Map<string, ProjectionRow>());
      for await (const event of readAllEvents(tx)) {
        active.forEach((plan, i) => {
          if (plan.partitions > 1) {
            const key = plan.projection.keyOf!(event);
            if (key === null || keyPartition(key, plan.partitions) !== part) return;
          }
          plan.projection.fold(computed[i], event);
        });
      }
      for (const [i, plan] of active.entries()) {
        const rebuilt = computed[i];
        const { projection } = plan;
        for await (const page of livePages(tx, plan, part)) {
          for (const live of page) {
            const key = String(live[projection.key]);
            const folded = rebuilt.get(key) ?? null;
            if (!folded || !rowsEqual(projection, live, folded)) differences.push({ table: projection.table, key, live, rebuilt: folded });
            rebuilt.delete(key);
          }
        }
        for (const [key, folded] of rebuilt) differences.push({ table: projection.table, key, live: null, rebuilt: folded });
      }
    }
    return differences;
  }, 'REPEATABLE READ');
}
