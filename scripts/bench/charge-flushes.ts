import { issueOperatorKey, revokeOperatorKey } from '@astro/accounts';
import { loadConfig } from '@astro/config';
import { Database } from '@astro/database';
import { postgresCpuSeconds } from './postgres-cpu';

/** Totals of the API's group-committed charge flushes and its CPU time, read from its Prometheus metrics. */
export interface FlushTotals {
  /** the API process's CPU seconds, user and system (Node's default `process_cpu_seconds_total`) */
  cpuSeconds: number;
  /** this machine's PostgreSQL processes' CPU seconds, or NaN when PostgreSQL runs elsewhere */
  databaseCpuSeconds: number;
  flushes: number;
  charges: number;
  seconds: number;
  /** flushes that took at most `le` seconds, by bucket */
  durationBuckets: Map<number, number>;
}

const sample = (text: string, name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);

function parseTotals(metrics: string): FlushTotals {
  const durationBuckets = new Map<number, number>();
  for (const [, le, count] of metrics.matchAll(/^astro_charge_flush_duration_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm)) {
    durationBuckets.set(le === '+Inf' ? Infinity : Number(le), Number(count));
  }
  return {
    cpuSeconds: sample(metrics, 'process_cpu_seconds_total'),
    databaseCpuSeconds: postgresCpuSeconds() ?? NaN,
    flushes: sample(metrics, 'astro_charge_batch_size_count'),
    charges: sample(metrics, 'astro_charge_batch_size_sum'),
    seconds: sample(metrics, 'astro_charge_flush_duration_seconds_sum'),
    durationBuckets,
  };
}

/** a + b, or a − b with `sign` −1 */
function combine(a: FlushTotals, b: FlushTotals, sign: 1 | -1): FlushTotals {
  const bounds = new Set([...a.durationBuckets.keys(), ...b.durationBuckets.keys()]);
  return {
    cpuSeconds: a.cpuSeconds + sign * b.cpuSeconds,
    databaseCpuSeconds: a.databaseCpuSeconds + sign * b.databaseCpuSeconds,
    flushes: a.flushes + sign * b.flushes,
    charges: a.charges + sign * b.charges,
    seconds: a.seconds + sign * b.seconds,
    durationBuckets: new Map([...bounds].map((le) => [le, (a.durationBuckets.get(le) ?? 0) + sign * (b.durationBuckets.get(le) ?? 0)])),
  };
}

/** The flushes of several rounds together. */
const NONE: FlushTotals = { cpuSeconds: 0, databaseCpuSeconds: 0, flushes: 0, charges: 0, seconds: 0, durationBuckets: new Map() };
export const sumFlushes = (rounds: FlushTotals[]): FlushTotals => rounds.reduce((a, b) => combine(a, b, 1), NONE);

/** "1,234 flushes, 9.8 charges per flush, 1.4 ms per flush on average, 99 % within 5 ms" */
export function describeFlushes(t: FlushTotals): string {
  if (t.flushes === 0) return 'no flush recorded';
  const p99 = [...t.durationBuckets].sort(([a], [b]) => a - b).find(([, n]) => n >= 0.99 * t.flushes)?.[0] ?? Infinity;
  return (
    `${t.flushes.toLocaleString('en')} flushes, ${(t.charges / t.flushes).toFixed(1)} charges per flush, ` +
    `${((1000 * t.seconds) / t.flushes).toFixed(1)} ms per flush on average, 99 % within ${p99 === Infinity ? 'the largest bucket' : `${1000 * p99} ms`}`
  );
}

/**
 * Reads the running API's charge-flush metrics around each measured target (ADR 0004 asks for
 * batch sizes and flush latency next to the throughput). Uses a short-lived operator key issued
 * through the database, as `npm run cli -- operator:key:create` would, and revoked at the end.
 */
export async function chargeFlushRecorder(apiUrl: string, databaseUrl = loadConfig().databaseUrl) {
  const db = await Database.connect(databaseUrl, { poolSize: 1 });
  const key = await issueOperatorKey(db, 'benchmark: charge flush metrics');
  const read = async (): Promise<FlushTotals> => {
    const response = await fetch(`${apiUrl}/metrics`, { headers: { Authorization: `Bearer ${key.key}` } });
    if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
    return parseTotals(await response.text());
  };
  return {
    /** Runs `work` and returns what the API flushed meanwhile. */
    async around<T>(work: () => Promise<T>): Promise<[T, FlushTotals]> {
      const before = await read();
      const result = await work();
      return [result, combine(await read(), before, -1)];
    },
    close: async () => {
      await revokeOperatorKey(db, key.id);
      await db.close();
    },
  };
}
