import { createHash, randomBytes } from 'node:crypto';
import { Database, Queryable } from '@astro/database';
import { KeyMode, newId, Tier } from '@astro/contracts';
import { utcIsoSql } from '@astro/ledger';
import { foldKeyUsage } from './key-usage-folds';

export const API_KEY_PREFIX = 'ak_live_';
/** A test-mode key (docs/integration.md, "Test mode"): answered like a live one, charged nothing. */
export const TEST_API_KEY_PREFIX = 'ak_test_';

/**
 * Keys carry 256 random bits, so a fast SHA-256 is a safe way to store them (no dictionary to
 * attack, unlike passwords) and keeps authentication cheap on every request.
 */
export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export interface IssuedApiKey {
  id: string;
  key: string;
  accountId: string;
}

export async function issueApiKey(q: Queryable, accountId: string, label = '', mode: KeyMode = 'live'): Promise<IssuedApiKey> {
  const id = newId('apiKey');
  const prefix = mode === 'test' ? TEST_API_KEY_PREFIX : API_KEY_PREFIX;
  const key = prefix + randomBytes(32).toString('base64url');
  await q.query(`INSERT INTO api_keys (id, account_id, key_hash, key_prefix, label, livemode) VALUES ($1, $2, $3, $4, $5, $6)`, [
    id,
    accountId,
    hashSecret(key),
    key.slice(0, prefix.length + 6),
    label,
    mode === 'live',
  ]);
  return { id, key, accountId };
}

export async function revokeApiKey(q: Queryable, keyId: string): Promise<boolean> {
  const rows = await q.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [keyId]);
  return rows.length > 0;
}

export interface KeyPrincipal {
  keyId: string;
  accountId: string;
  tier: Tier;
  /** false for a test key */
  livemode: boolean;
}

export async function findActiveApiKey(q: Queryable, key: string): Promise<KeyPrincipal | null> {
  const [row] = await q.query<{ id: string; account_id: string; tier: Tier; livemode: boolean }>(
    `SELECT k.id, k.account_id, a.tier, k.livemode FROM api_keys k JOIN accounts a ON a.id = k.account_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`,
    [hashSecret(key)],
  );
  return row ? { keyId: row.id, accountId: row.account_id, tier: row.tier, livemode: row.livemode } : null;
}

/** A customer account may hold this many usable keys (not revoked, not past a rotation's grace). */
export const MAX_ACTIVE_API_KEYS = 20;

/** How a key was used: requests it authenticated, and the credits charged and refunded on its charges. */
export interface ApiKeyUsage {
  requests: number;
  charges: number;
  credits_charged: number;
  credits_refunded: number;
}

/** An API key as its owner sees it: never the key itself, only its first characters. */
export interface ApiKeyRecord {
  id: string;
  /** false for a test key (ak_test_…): its calls charge nothing, its usage is its own */
  livemode: boolean;
  label: string;
  key_prefix: string;
  status: 'active' | 'rotating' | 'expired' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  replaced_by: string | null;
  usage: ApiKeyUsage;
}

export class ApiKeyLimitError extends Error {
  constructor() {
    super(`an account may hold at most ${MAX_ACTIVE_API_KEYS} usable API keys; revoke one first`);
    this.name = 'ApiKeyLimitError';
  }
}

/** A rotation of a key that is revoked, expired, or already being rotated. */
export class ApiKeyNotRotatableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ApiKeyNotRotatableError';
  }
}

const KEY_COLUMNS = `k.id, k.livemode, k.label, k.key_prefix, k.request_count::float8 AS requests, k.replaced_by,
  ${utcIsoSql('k.created_at')} AS created_at,
  CASE WHEN k.last_used_at IS NULL THEN NULL ELSE ${utcIsoSql('k.last_used_at')} END AS last_used_at,
  CASE WHEN k.expires_at IS NULL THEN NULL ELSE ${utcIsoSql('k.expires_at')} END AS expires_at,
  CASE WHEN k.revoked_at IS NULL THEN NULL ELSE ${utcIsoSql('k.revoked_at')} END AS revoked_at,
  CASE WHEN k.revoked_at IS NOT NULL THEN 'revoked' WHEN k.expires_at IS NULL THEN 'active'
       WHEN k.expires_at > now() THEN 'rotating' ELSE 'expired' END AS status`;

interface KeyRow extends Omit<ApiKeyRecord, 'usage'> {
  requests: number;
}

/**
 * Charges made with each key of an account and the refunds of the jobs those charges paid for: the
 * per-key counters, first brought up to date with what the account's stream gained since the last
 * fold, so a read costs one row per key plus those events, however long the stream.
 * `usageByKeyFromLog` folds the same figures from the whole log.
 */
async function usageByKey(q: Queryable, accountId: string): Promise<Map<string, Omit<ApiKeyUsage, 'requests'>>> {
  await foldKeyUsage(q, accountId);
  const rows = await q.query<{ key_id: string; charges: number; charged: number; refunded: number }>(
    `SELECT key_id, charges::float8 AS charges, credits_charged::float8 AS charged, credits_refunded::float8 AS refunded
       FROM api_key_usage WHERE account_id = $1`,
    [accountId],
  );
  return new Map(rows.map((r) => [r.key_id, { charges: r.charges, credits_charged: r.charged, credits_refunded: r.refunded }]));
}

/** The per-key usage folded from the account's stream of the event log (what the counters must equal). */
export async function usageByKeyFromLog(q: Queryable, accountId: string): Promise<Map<string, Omit<ApiKeyUsage, 'requests'>>> {
  const rows = await q.query<{ key_id: string; charges: number; charged: number; refunded: number }>(
    `WITH charges AS (
       SELECT substr(metadata->>'actor', 5) AS key_id, (payload->>'amount')::bigint AS amount, payload->>'job_id' AS job_id
         FROM events WHERE stream_id = $1 AND event_type = 'CreditsCharged' AND metadata->>'actor' LIKE 'key:%'
     ), refunds AS (
       SELECT payload->>'job_id' AS job_id, sum((payload->>'amount')::bigint) AS amount
         FROM events WHERE stream_id = $1 AND event_type = 'CreditsRefunded' GROUP BY 1
     )
     SELECT c.key_id, count(*)::float8 AS charges, sum(c.amount)::float8 AS charged, COALESCE(sum(r.amount), 0)::float8 AS refunded
       FROM charges c LEFT JOIN refunds r ON r.job_id = c.job_id GROUP BY c.key_id`,
    [`account:${accountId}`],
  );
  return new Map(rows.map((r) => [r.key_id, { charges: r.charges, credits_charged: r.charged, credits_refunded: r.refunded }]));
}

function withUsage(row: KeyRow, usage: Map<string, Omit<ApiKeyUsage, 'requests'>>): ApiKeyRecord {
  const { requests, ...key } = row;
  return { ...key, usage: { requests, ...(usage.get(row.id) ?? { charges: 0, credits_charged: 0, credits_refunded: 0 }) } };
}

/** The account's keys, newest first; revoked and expired keys only when asked for. */
export async function listApiKeys(q: Queryable, accountId: string, options: { includeInactive?: boolean } = {}): Promise<ApiKeyRecord[]> {
  const rows = await q.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys k
      WHERE k.account_id = $1 AND ($2 OR (k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())))
      ORDER BY k.created_at DESC, k.id`,
    [accountId, options.includeInactive === true],
  );
  const usage = await usageByKey(q, accountId);
  return rows.map((row) => withUsage(row, usage));
}

export async function findApiKey(q: Queryable, accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
  const [row] = await q.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.id = $1 AND k.account_id = $2`, [keyId, accountId]);
  return row ? withUsage(row, await usageByKey(q, accountId)) : null;
}

/** Serialises key changes of one account (the count of usable keys is checked under it). */
async function lockAccountKeys(tx: Queryable, accountId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('api_keys:' || $1, 0))`, [accountId]);
}

async function usableKeyCount(tx: Queryable, accountId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [accountId],
  );
  return row.n;
}

/** A new key for the account, shown once; refused beyond MAX_ACTIVE_API_KEYS usable keys. */
export async function createAccountApiKey(
  db: Database,
  accountId: string,
  label: string,
  mode: KeyMode = 'live',
): Promise<{ key: string; record: ApiKeyRecord }> {
  return db.transaction(async (tx) => {
    await lockAccountKeys(tx, accountId);
    if ((await usableKeyCount(tx, accountId)) >= MAX_ACTIVE_API_KEYS) throw new ApiKeyLimitError();
    const issued = await issueApiKey(tx, accountId, label, mode);
    return { key: issued.key, record: (await findApiKey(tx, accountId, issued.id))! };
  });
}

/** Revokes one of the account's keys at once; false when the account has no such key. Revoking twice is harmless. */
export async function revokeAccountApiKey(q: Queryable, accountId: string, keyId: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `WITH found AS (
       UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND account_id = $2 RETURNING id
     ) SELECT id FROM found`,
    [keyId, accountId],
  );
  return rows.length > 0;
}

/**
 * Rotation: a new key with the same label, shown once; the old key keeps working for
 * `graceSeconds` (so the caller can deploy the new one) and then stops, like a revoked key.
 * Null when the account has no such key.
 */
export async function rotateApiKey(
  db: Database,
  accountId: string,
  keyId: string,
  graceSeconds: number,
): Promise<{ key: string; record: ApiKeyRecord; previous: ApiKeyRecord } | null> {
  return db.transaction(async (tx) => {
    await lockAccountKeys(tx, accountId);
    const [old] = await tx.query<{ label: string; livemode: boolean; revoked: boolean; expires_at: Date | null; expired: boolean }>(
      `SELECT label, livemode, revoked_at IS NOT NULL AS revoked, expires_at, expires_at <= now() AS expired FROM api_keys WHERE id = $1 AND account_id = $2 FOR UPDATE`,
      [keyId, accountId],
    );
    if (!old) return null;
    if (old.revoked) throw new ApiKeyNotRotatableError('the key is revoked; create a new key instead');
    if (old.expired) throw new ApiKeyNotRotatableError('the key has expired; create a new key instead');
    if (old.expires_at) throw new ApiKeyNotRotatableError('the key was already rotated; rotate its replacement instead');
    // The old key still counts until its grace ends, so the replacement may take the account one over the limit.
    if ((await usableKeyCount(tx, accountId)) > MAX_ACTIVE_API_KEYS) throw new ApiKeyLimitError();
    // The replacement is of the same mode: rotating a test key never makes a live one.
    const issued = await issueApiKey(tx, accountId, old.label, old.livemode ? 'live' : 'test');
    await tx.query(
      `UPDATE api_keys SET expires_at = now() + make_interval(secs => $3), replaced_by = $4 WHERE id = $1 AND account_id = $2`,
      [keyId, accountId, graceSeconds, issued.id],
    );
    return { key: issued.key, record: (await findApiKey(tx, accountId, issued.id))!, previous: (await findApiKey(tx, accountId, keyId))! };
  });
}

/** Adds the requests each key served since the last flush and moves its last-used time. */
export async function recordApiKeyUse(q: Queryable, uses: Map<string, { requests: number; lastUsedAt: Date }>): Promise<void> {
  if (uses.size === 0) return;
  const ids = [...uses.keys()];
  await q.query(
    `UPDATE api_keys k SET request_count = k.request_count + u.requests, last_used_at = GREATEST(k.last_used_at, u.last_used_at)
       FROM unnest($1::text[], $2::bigint[], $3::timestamptz[]) AS u(id, requests, last_used_at)
      WHERE k.id = u.id`,
    [ids, ids.map((id) => uses.get(id)!.requests), ids.map((id) => uses.get(id)!.lastUsedAt.toISOString())],
  );
}
