import { Database } from '@astro/database';
import { ThrottleCount } from './login-throttle-policy';

interface Row {
  key: string;
  failures: number;
  window_started_ms: string;
  last_failure_ms: string;
}

/**
 * The throttle's counters in PostgreSQL (table login_throttle), so every API replica sees the same
 * counts: PostgreSQL is always there (Redis is optional), and a login is rare enough for a row lock.
 */
export class LoginThrottleStore {
  private lastSweepMs = 0;

  constructor(private readonly db: Database) {}

  /**
   * Locks the rows of `keys` (creating them), hands their counts to `decide`, and writes back the
   * counts it returns, all in one transaction. The rows are created and locked by one statement in
   * key order, so concurrent logins never deadlock.
   */
  async update<T>(keys: string[], decide: (counts: ThrottleCount[]) => { result: T; write?: ThrottleCount[] }): Promise<T> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<Row>(
        `INSERT INTO login_throttle (key) SELECT k FROM unnest($1::text[]) AS k ORDER BY k COLLATE "C"
         ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
         RETURNING key, failures, window_started_ms, last_failure_ms`,
        [keys],
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const counts = keys.map((key) => {
        const row = byKey.get(key)!;
        return { failures: row.failures, windowStartedMs: Number(row.window_started_ms), lastFailureMs: Number(row.last_failure_ms) };
      });
      const { result, write } = decide(counts);
      if (write) {
        await tx.query(
          `UPDATE login_throttle t SET failures = v.failures, window_started_ms = v.window_started_ms, last_failure_ms = v.last_failure_ms
             FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) AS v(key, failures, window_started_ms, last_failure_ms)
            WHERE t.key = v.key`,
          [keys, write.map((c) => c.failures), write.map((c) => c.windowStartedMs), write.map((c) => c.lastFailureMs)],
        );
      }
      return result;
    });
  }

  /** Forgets keys quiet for longer than `quietMs` (at most once a minute per process, in the background). */
  sweep(nowMs: number, quietMs: number): void {
    if (nowMs - this.lastSweepMs < 60_000) return;
    this.lastSweepMs = nowMs;
    const before = nowMs - quietMs;
    void this.db.query(`DELETE FROM login_throttle WHERE last_failure_ms < $1 AND window_started_ms < $1`, [before]).catch(() => undefined); // a missed sweep only leaves rows for the next one
  }
}
