import { Database, Queryable } from '@astro/database';
import { stableJson } from '@astro/contracts';
import { readSelectedEvents } from './event-store';
import { Projection, ProjectionDifference, ProjectionRow } from './projection';

/**
 * Rows of one projection folded in memory at once; a bigger projection (with a `keySql`) is
 * verified in key partitions, one pass each. A folded job row costs about 2 KB of resident memory
 * (V8's heap grows with what it holds), on top of the 300–350 MB a verify of 1 M events reaches
 * with few rows (modules, pages of events, the heap's slack); 25,000 rows keep a pass near 50 MB
 * of that, leaving room under 500 MB for the larger slack of a bigger log. More passes cost time,
 * not memory: each is a scan of the log inside PostgreSQL (about 0.4 s per million events on a
 * loaded 2-core machine), so 10 M events (766,130 jobs: 31 passes) should take a few minutes.
 */
export const VERIFY_ROWS_PER_PASS = 25_000;
const LIVE_PAGE = 5_000;

export function rowsEqual(projection: Projection, a: ProjectionRow, b: ProjectionRow): boolean {
  return projection.columns.every((c) => stableJson(a[c]) === stableJson(b[c]));
}

/**
 * SQL: the partition, 0 to partitions - 1, of a text key (NULL for a NULL key). The event's key
 * and the live row's key are hashed by the same server in the same transaction, so the same text
 * falls in the same partition on both sides (hashtext may differ between major versions; that
 * does not matter here). hashtext is an int4: shifted to be non-negative before the modulo.
 */
function partitionSql(key: string, partitions: string): string {
  return `((hashtext(${key})::bigint + 2147483648) % ${partitions})::int`;
}

/** Numbered query parameters, `$1`, `$2`, … in the order they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

interface Plan {
  projection: Projection;
  partitions: number;
}

/** The live rows of a projection in its partition, a page at a time (a server-side cursor). */
async function* livePages(tx: Queryable, plan: Plan, part: number): AsyncGenerator<ProjectionRow[]> {
  const { projection, partitions } = plan;
  const params = new Params();
  const sql =
    partitions > 1
      ? `SELECT * FROM (${projection.selectLive}) live
          WHERE ${partitionSql(`live.${projection.key}::text`, params.add(partitions))} = ${params.add(part)}`
      : projection.selectLive;
  await tx.query(`DECLARE verify_live NO SCROLL CURSOR FOR ${sql}`, params.values);
  try {
    for (;;) {
      const rows = await tx.query<ProjectionRow>(`FETCH ${LIVE_PAGE} FROM verify_live`);
      yield rows;
      if (rows.length < LIVE_PAGE) return;
    }
  } finally {
    await tx.query(`CLOSE verify_live`);
  }
}

/**
 * Compares every live projection row with the row the log folds to, in one snapshot, so that
 * concurrent writers (which append and project in one transaction) cannot cause false alarms.
 * Streamed: events are read a page at a time and the live rows through a cursor. A projection
 * with a `keySql` is folded only from the events that have a key; with more rows than
 * VERIFY_ROWS_PER_PASS, in several passes, each over its partition of the keys (a hash of the key
 * taken by PostgreSQL): the log is scanned once per pass in the database, but only the
 * partition's events and live rows reach this process, so memory is bounded by the partition
 * whatever the size of the log, and a pass costs a scan instead of a transfer of the whole log.
 * Projections without a `keySql` are folded from the whole log, in the first pass.
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
      const partitions = projection.keySql ? Math.max(1, Math.ceil(Number(n) / rowsPerPass)) : 1;
      plans.push({ projection, partitions });
    }
    const differences: ProjectionDifference[] = [];
    const passes = Math.max(...plans.map((p) => p.partitions));
    for (let part = 0; part < passes; part++) {
      const active = plans.filter((p) => p.partitions > part);
      // One read per pass for every projection in it: `part<i>` is the partition of the event's
      // key for the i-th projection if it is keyed; the read keeps the events in this pass's
      // partition of some projection, or every event when a projection without a key is in the pass.
      const params = new Params();
      const extra: Record<string, string> = {};
      for (const [i, { projection, partitions }] of active.entries()) {
        if (projection.keySql) extra[`part${i}`] = partitionSql(`(${projection.keySql})`, params.add(partitions));
      }
      let where: string | undefined;
      if (active.every((p) => p.projection.keySql)) {
        const thisPart = params.add(part);
        where = Object.values(extra)
          .map((sql) => `${sql} = ${thisPart}`)
          .join(' OR ');
      }
      const computed = active.map(() => new Map<string, ProjectionRow>());
      const selection = { where, extra, params: params.values };
      for await (const { event, extra: parts } of readSelectedEvents(tx, selection)) {
        active.forEach((plan, i) => {
          if (plan.projection.keySql && parts[`part${i}`] !== part) return;
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
