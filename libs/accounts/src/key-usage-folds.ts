import { Database, Queryable, repeatRounds } from '@astro/database';

/**
 * Brings an account's per-key usage counters up to the last version of its stream: the charges and
 * refunds appended since the last fold (`fold_api_key_usage`, migration 1733600000000). The key list
 * runs it before it reads the counters, so what it shows is exact at the time of the read.
 */
export async function foldKeyUsage(q: Queryable, accountId: string): Promise<void> {
  await q.query(`SELECT fold_api_key_usage($1)`, [accountId]);
}

/** Folds every account whose stream moved past its fold's mark, one account per transaction. */
export async function foldPendingKeyUsage(q: Queryable): Promise<number> {
  const pending = await q.query<{ id: string }>(
    `SELECT a.id FROM accounts a LEFT JOIN api_key_usage_folds f ON f.account_id = a.id
      WHERE a.version > coalesce(f.through_version, 0)`,
  );
  for (const { id } of pending) await foldKeyUsage(q, id);
  return pending.length;
}

/**
 * Folds the pending key usage every `intervalMs` in a long-lived process (each worker runs one;
 * folds of one account queue on its mark, so several workers never count twice). A key list then
 * folds at most that interval's events, however long its account went unread.
 */
export function scheduleKeyUsageFolds(db: Database, intervalMs = 60_000): { stop(): void } {
  return repeatRounds('key usage fold', intervalMs, async () => {
    await foldPendingKeyUsage(db);
  });
}
