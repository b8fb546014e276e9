import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { Queryable } from '@astro/database';
import { newId, Tier } from '@astro/contracts';
import { hashSecret } from './api-keys';

export const SESSION_TOKEN_PREFIX = 'ses_';

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`a customer user with e-mail ${email} already exists`);
    this.name = 'EmailTakenError';
  }
}

export async function createCustomerUser(
  q: Queryable,
  input: { accountId: string; email: string; password: string },
): Promise<{ id: string; email: string }> {
  if (input.password.length < 10) throw new Error('a customer password needs at least 10 characters');
  const id = newId('customerUser');
  const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
  try {
    await q.query(`INSERT INTO customer_users (id, account_id, email, password_hash) VALUES ($1, $2, $3, $4)`, [
      id,
      input.accountId,
      input.email,
      passwordHash,
    ]);
  } catch (err) {
    if ((err as { code?: string; driverError?: { code?: string } }).driverError?.code === '23505') throw new EmailTakenError(input.email);
    throw err;
  }
  return { id, email: input.email };
}

// A fixed hash to verify against when the e-mail is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

/** The user if the password matches; null otherwise (without telling which part was wrong). */
export async function verifyCustomerPassword(
  q: Queryable,
  email: string,
  password: string,
): Promise<{ id: string; accountId: string } | null> {
  const [user] = await q.query<{ id: string; account_id: string; password_hash: string }>(
    `SELECT id, account_id, password_hash FROM customer_users WHERE lower(email) = lower($1)`,
    [email],
  );
  if (!user) {
    decoyHash ??= argon2.hash(randomBytes(16).toString('hex'), { type: argon2.argon2id });
    await argon2.verify(await decoyHash, password);
    return null;
  }
  return (await argon2.verify(user.password_hash, password)) ? { id: user.id, accountId: user.account_id } : null;
}

export async function openSession(
  q: Queryable,
  user: { id: string; accountId: string },
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await q.query<{ expires_at: Date }>(
    `INSERT INTO sessions (token_hash, user_id, account_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [hashSecret(token), user.id, user.accountId, ttlSeconds],
  );
  return { token, expiresAt: row.expires_at };
}

export interface SessionPrincipal {
  userId: string;
  accountId: string;
  tier: Tier;
}

export async function findActiveSession(q: Queryable, token: string): Promise<SessionPrincipal | null> {
  const [row] = await q.query<{ user_id: string; account_id: string; tier: Tier }>(
    `SELECT s.user_id, s.account_id, a.tier FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashSecret(token)],
  );
  return row ? { userId: row.user_id, accountId: row.account_id, tier: row.tier } : null;
}
