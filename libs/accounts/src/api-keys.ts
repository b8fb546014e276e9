import { createHash, randomBytes } from 'node:crypto';
import { Queryable } from '@astro/database';
import { newId, Tier } from '@astro/contracts';

export const API_KEY_PREFIX = 'ak_live_';

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

export async function issueApiKey(q: Queryable, accountId: string, label = ''): Promise<IssuedApiKey> {
  const id = newId('apiKey');
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  await q.query(
    `INSERT INTO api_keys (id, account_id, key_hash, key_prefix, label) VALUES ($1, $2, $3, $4, $5)`,
    [id, accountId, hashSecret(key), key.slice(0, API_KEY_PREFIX.length + 6), label],
  );
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
}

export async function findActiveApiKey(q: Queryable, key: string): Promise<KeyPrincipal | null> {
  const [row] = await q.query<{ id: string; account_id: string; tier: Tier }>(
    `SELECT k.id, k.account_id, a.tier FROM api_keys k JOIN accounts a ON a.id = k.account_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashSecret(key)],
  );
  return row ? { keyId: row.id, accountId: row.account_id, tier: row.tier } : null;
}
