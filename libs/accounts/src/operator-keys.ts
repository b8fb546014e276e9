import { randomBytes } from 'node:crypto';
import { Queryable } from '@astro/database';
import { newId } from '@astro/contracts';
import { hashSecret } from './api-keys';

/** Operator keys look different from customer keys (`ak_live_`) so a leaked one is recognisable. */
export const OPERATOR_KEY_PREFIX = 'ok_live_';

export interface IssuedOperatorKey {
  id: string;
  key: string;
}

/** Issued only by the CLI (a person with the database's administrative connection); shown once. */
export async function issueOperatorKey(q: Queryable, label: string): Promise<IssuedOperatorKey> {
  const id = newId('operatorKey');
  const key = OPERATOR_KEY_PREFIX + randomBytes(32).toString('base64url');
  await q.query(`INSERT INTO operator_keys (id, key_hash, key_prefix, label) VALUES ($1, $2, $3, $4)`, [
    id,
    hashSecret(key),
    key.slice(0, OPERATOR_KEY_PREFIX.length + 6),
    label,
  ]);
  return { id, key };
}

export async function revokeOperatorKey(q: Queryable, keyId: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `WITH revoked AS (UPDATE operator_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id) SELECT id FROM revoked`,
    [keyId],
  );
  return rows.length > 0;
}

/** The operator key's id when `key` is an active operator key; records when it was last used. */
export async function findActiveOperatorKey(q: Queryable, key: string): Promise<{ keyId: string; label: string } | null> {
  if (!key.startsWith(OPERATOR_KEY_PREFIX)) return null;
  const rows = await q.query<{ id: string; label: string }>(
    `WITH used AS (
       UPDATE operator_keys SET last_used_at = now() WHERE key_hash = $1 AND revoked_at IS NULL RETURNING id, label
     ) SELECT id, label FROM used`,
    [hashSecret(key)],
  );
  return rows[0] ? { keyId: rows[0].id, label: rows[0].label } : null;
}
