import { Queryable } from '@astro/database';
import { appendToStream, EventMetadata } from './event-store';

export type { Tier as AccountTier } from '@astro/contracts';
import type { Tier as AccountTier } from '@astro/contracts';

export const accountStream = (accountId: string) => `account:${accountId}`;

export interface AccountBalance {
  balance: number;
  version: number;
  position: number;
}

/** Opens the account stream and its projection row; call inside a transaction. */
export async function openAccount(
  tx: Queryable,
  account: { id: string; name: string; tier: AccountTier },
  metadata: EventMetadata,
): Promise<void> {
  const [opened] = await appendToStream(tx, accountStream(account.id), 0, [
    { type: 'AccountOpened', payload: { account_id: account.id, name: account.name, tier: account.tier }, metadata },
  ]);
  await tx.query(
    `INSERT INTO accounts (id, name, tier, balance, version, created_at, updated_at)
     VALUES ($1, $2, $3, 0, $4, now(), now())`,
    [account.id, account.name, account.tier, opened.streamVersion],
  );
}

/** Moves the account's balance by `delta` with one event, in one statement (so one row lock). */
async function applyBalanceEvent(
  q: Queryable,
  accountId: string,
  change: { type: string; delta: number; granted?: number; charged?: number; refunded?: number },
  payload: Record<string, unknown>,
  metadata: EventMetadata,
): Promise<AccountBalance | null> {
  // The UPDATE takes the account's row lock and re-checks the balance against the latest committed
  // row, so concurrent charges serialize and can never overdraw; the event gets the next version.
  const rows = await q.query<{ balance: string; version: number; position: string }>(
    `WITH acct AS (
       UPDATE accounts
          SET balance = balance + $2, version = version + 1, updated_at = now(),
              credits_granted = credits_granted + $3,
              credits_charged = credits_charged + $4,
              credits_refunded = credits_refunded + $5
        WHERE id = $1 AND balance + $2 >= 0
        RETURNING id, balance, version
     ), appended AS (
       INSERT INTO events (stream_id, stream_version, event_type, payload, metadata)
       SELECT 'account:' || id, version, $6, $7::jsonb, $8::jsonb FROM acct
       RETURNING position
     )
     SELECT acct.balance, acct.version, appended.position FROM acct, appended`,
    [
      accountId,
      change.delta,
      change.granted ?? 0,
      change.charged ?? 0,
      change.refunded ?? 0,
      change.type,
      JSON.stringify(payload),
      JSON.stringify(metadata),
    ],
  );
  if (rows.length === 0) return null;
  return { balance: Number(rows[0].balance), version: rows[0].version, position: Number(rows[0].position) };
}

export async function grantCredits(
  q: Queryable,
  accountId: string,
  amount: number,
  reason: string,
  metadata: EventMetadata,
): Promise<AccountBalance> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error('a grant must be a positive whole number of credits');
  const result = await applyBalanceEvent(
    q,
    accountId,
    { type: 'CreditsGranted', delta: amount, granted: amount },
    { amount, reason },
    metadata,
  );
  if (!result) throw new Error(`account ${accountId} does not exist`);
  return result;
}

export interface ChargeRequest {
  accountId: string;
  operation: string;
  amount: number;
  requestId: string;
  jobId?: string;
  /** a job's attempt after the first (an operator's retry charges back the refund of the attempt before) */
  attempt?: number;
}

/** Charges credits; null when the balance is too low (the caller answers 402, nothing is written). */
export async function chargeCredits(q: Queryable, charge: ChargeRequest, metadata: EventMetadata): Promise<AccountBalance | null> {
  const payload: Record<string, unknown> = { operation: charge.operation, amount: charge.amount, request_id: charge.requestId };
  if (charge.jobId) payload.job_id = charge.jobId;
  if (charge.attempt !== undefined) payload.attempt = charge.attempt;
  return applyBalanceEvent(
    q,
    charge.accountId,
    { type: 'CreditsCharged', delta: -charge.amount, charged: charge.amount },
    payload,
    metadata,
  );
}

/** Returns credits of a job; the job ledger guarantees it happens once per job. */
export async function refundCredits(
  q: Queryable,
  refund: { accountId: string; jobId: string; amount: number; reason: string },
  metadata: EventMetadata,
): Promise<AccountBalance> {
  const result = await applyBalanceEvent(
    q,
    refund.accountId,
    { type: 'CreditsRefunded', delta: refund.amount, refunded: refund.amount },
    { job_id: refund.jobId, amount: refund.amount, reason: refund.reason },
    metadata,
  );
  if (!result) throw new Error(`account ${refund.accountId} does not exist`);
  return result;
}

export async function changeTier(tx: Queryable, accountId: string, tier: AccountTier, metadata: EventMetadata): Promise<void> {
  const [row] = await tx.query<{ version: number }>(`SELECT version FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
  if (!row) throw new Error(`account ${accountId} does not exist`);
  const [event] = await appendToStream(tx, accountStream(accountId), row.version, [
    { type: 'AccountTierChanged', payload: { tier }, metadata },
  ]);
  await tx.query(`UPDATE accounts SET tier = $2, version = $3, updated_at = now() WHERE id = $1`, [accountId, tier, event.streamVersion]);
}

export interface AccountRow {
  id: string;
  name: string;
  tier: AccountTier;
  balance: number;
  credits_granted: number;
  credits_charged: number;
  credits_refunded: number;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export async function findAccount(q: Queryable, accountId: string): Promise<AccountRow | null> {
  const [row] = await q.query<AccountRow>(
    `SELECT id, name, tier, balance::float8 AS balance, credits_granted::float8 AS credits_granted,
            credits_charged::float8 AS credits_charged, credits_refunded::float8 AS credits_refunded,
            version, created_at, updated_at
       FROM accounts WHERE id = $1`,
    [accountId],
  );
  return row ?? null;
}
