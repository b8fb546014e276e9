import { createHash, randomUUID } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencySeal } from '@astro/codec';
import { IdempotencyKeyHeader, RouteSpec, stableJson } from '@astro/contracts';
import { Database, Queryable } from '@astro/database';
import { AccountBalance, chargeCredits, ChargeRequest, EventMetadata, findAccount } from '@astro/ledger';
import { ApiError, unavailable } from './api-error';
import { parseInput } from './validation';

/**
 * The one idempotency store: `Idempotency-Key` on every charged call, with Stripe's semantics
 * (docs/api-conventions.md), in the table `idempotent_calls`. A key is unique within its scope:
 * the synchronous calls share one (`synchronous`), each queue route has its own.
 *
 * Synchronous calls: the key is claimed in PostgreSQL before the call computes; the charge marks the
 * claim in its own transaction; the answer is stored before it leaves. A repeat with the same key and
 * the same call (method, path, query and body) answers the stored answer and is not charged; another
 * call under the same key is a 409; a repeat that arrives while the first is running waits for it.
 * Answers below 500 are stored (a 402 too: nothing was charged, and the same key answers the same
 * 402); a 5xx releases the key, so a retry runs the call again.
 *
 * Queue calls (JobQueueService): the key is claimed inside the queueing transaction and the queued
 * job stored in it, so the key and its job commit (or roll back) together; a repeat gets the queued
 * job back, and a concurrent one waits on the key until the first commits.
 *
 * Either replay is marked on the request (markReplayed), and the answer then carries
 * `Idempotent-Replayed: true`. What the table keeps is sealed (IdempotencySeal of @astro/codec): the
 * request as a keyed hash, the answer encrypted; only the answer's status is in clear (SQL reads it).
 */

/** The scope of the synchronous calls' keys: one key space per account and mode. */
const SYNCHRONOUS = 'synchronous';
/**
 * The scope of a call's key in its mode: a test key's calls keep their keys apart from the live
 * ones' (the same key in each mode is two calls). The mode is in the scope, which we write, never in
 * the key, which the client writes: a live key spelled `test:x` is not a test key's `x`.
 */
export const scopeInMode = (scope: string, livemode: boolean): string => (livemode ? scope : `test:${scope}`);
/** What a stored answer is sealed against: a live synchronous key's context is account and key alone (the answers sealed before scopes existed open with it), every other scope's names the scope. */
const sealContext = (seal: IdempotencySeal, call: { accountId: string; scope: string; key: string }): string =>
  call.scope === SYNCHRONOUS ? seal.contextOf(call.accountId, call.key) : seal.contextOf(call.accountId, call.key, call.scope);
/** How long a key and its answer are kept, like Stripe's 24 hours. */
export const IDEMPOTENCY_RETENTION = '24 hours';
/** A claim this old whose call never answered (its process died) is taken over by the next repeat. */
const ABANDONED_AFTER = '60 seconds';
const ABANDONED_AFTER_MS = 60_000;
/** How often a waiting repeat looks again: the first call is a synchronous calculation, tens of milliseconds. */
const POLL_MS = 20;
/** The headers of an answer that belong to it (not to the request that carried it: rate limits, request id). */
const STORED_HEADERS = ['content-type', 'content-disposition', 'location'];

export interface IdempotentCall {
  accountId: string;
  /** SYNCHRONOUS, or its test-mode scope */
  scope: string;
  key: string;
  claimId: string;
  /** the call's charge is committed (by this request or by the one whose abandoned claim it took over) */
  charged: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the Idempotency-Key this request claimed, when it carries one on a synchronous charged route */
    idempotentCall?: IdempotentCall;
    /** the answer is a replay of the Idempotency-Key's first answer (markReplayed) */
    idempotentReplayed?: boolean;
  }
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Thrown by admission when the key already holds an answer: the caller sends it (replayAnswer). */
export class IdempotentReplay extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('idempotent replay');
  }
}

/** Whether admission claims the route's Idempotency-Key: charged, and not a queue route (those claim in their transaction). */
export function takesIdempotentCalls(spec: RouteSpec): boolean {
  return spec.operation !== undefined && !spec.idempotencyKey;
}

/** The SHA-256 of the call's canonical text; the table keeps it only keyed (IdempotencySeal.requestHash). */
function callDigest(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return createHash('sha256')
    .update(`${request.method}\n${path}\n${stableJson(request.query ?? {})}\n${stableJson(request.body ?? null)}`)
    .digest('hex');
}

interface KeyRow {
  request_hash: string;
  claim_id: string;
  charged: boolean;
  response_status: number | null;
  response_sealed: Buffer | null;
  expired: boolean;
  abandoned: boolean;
}

/**
 * Claims the request's Idempotency-Key (sets `request.idempotentCall`), or throws the stored answer
 * (IdempotentReplay) or a 409. Without the header it returns at once: no query.
 */
export async function claimIdempotentCall(db: Database, seal: IdempotencySeal, request: FastifyRequest): Promise<void> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return;
  const key = parseInput(IdempotencyKeyHeader, header, 'header');
  const accountId = request.principal!.accountId;
  const scope = scopeInMode(SYNCHRONOUS, request.principal!.livemode);
  const digest = callDigest(request);
  const giveUpAt = Date.now() + ABANDONED_AFTER_MS + 10_000;
  for (;;) {
    const claimId = randomUUID();
    const claimed = await db.query(
      `INSERT INTO idempotent_calls (account_id, scope, idempotency_key, request_hash, claim_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING claim_id`,
      [accountId, scope, key, seal.requestHash(digest), claimId],
    );
    if (claimed.length > 0) {
      request.idempotentCall = { accountId, scope, key, claimId, charged: false };
      return;
    }
    const [row] = await db.query<KeyRow>(
      `SELECT request_hash, claim_id, charged, response_status, response_sealed,
              created_at < now() - interval '${IDEMPOTENCY_RETENTION}' AS expired,
              response_status IS NULL AND claimed_at < now() - interval '${ABANDONED_AFTER}' AS abandoned
         FROM idempotent_calls WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3`,
      [accountId, scope, key],
    );
    if (!row) continue; // released by a failed first call in between: claim it again
    if (row.expired) {
      // Past the retention window the key is new again (the purge may not have run yet).
      await db.query(`DELETE FROM idempotent_calls WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3 AND claim_id = $4`, [
        accountId,
        scope,
        key,
        row.claim_id,
      ]);
      continue;
    }
    if (!seal.sameRequest(row.request_hash, digest)) {
      throw new ApiError(
        409,
        'Idempotency-Key was already used with a different request (method, path, query or body) in the last 24 hours; use a new key for a new request',
      );
    }
    if (row.response_status !== null && row.response_sealed !== null) {
      const { headers, body } = seal.open<Omit<StoredAnswer, 'status'>>(row.response_sealed, sealContext(seal, { accountId, scope, key }));
      throw new IdempotentReplay({ status: row.response_status, headers, body });
    }
    if (row.abandoned) {
      const taken = await db.query<{ charged: boolean }>(
        `WITH taken AS (UPDATE idempotent_calls SET claim_id = $5, claimed_at = now()
                         WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3 AND claim_id = $4 RETURNING charged)
         SELECT charged FROM taken`,
        [accountId, scope, key, row.claim_id, claimId],
      );
      if (taken.length > 0) {
        request.idempotentCall = { accountId, scope, key, claimId, charged: taken[0].charged };
        return;
      }
      continue;
    }
    if (Date.now() > giveUpAt) throw new ApiError(409, 'a request with this Idempotency-Key is still being processed; retry it shortly');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The charge of a keyed call: the charge event and the claim's `charged` mark in one transaction, so
 * a call whose claim is taken over (its process died before answering) is never charged twice.
 * Null when the balance is too low (nothing charged, nothing marked).
 */
export async function chargeIdempotentCall(
  db: Database,
  call: IdempotentCall,
  charge: ChargeRequest,
  metadata: EventMetadata,
): Promise<{ balance: number } | null> {
  if (call.charged) {
    const account = await findAccount(db, call.accountId);
    return { balance: account?.balance ?? 0 };
  }
  const result = await db.transaction(async (tx): Promise<AccountBalance | null> => {
    const charged = await chargeCredits(tx, charge, metadata);
    if (charged) await markCharged(tx, call);
    return charged;
  });
  if (result) call.charged = true;
  return result;
}

async function markCharged(tx: Queryable, call: IdempotentCall): Promise<void> {
  const marked = await tx.query(
    `WITH marked AS (UPDATE idempotent_calls SET charged = true
                      WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3 AND claim_id = $4 RETURNING 1)
     SELECT 1 FROM marked`,
    [call.accountId, call.scope, call.key, call.claimId],
  );
  // The claim was taken over (this request ran past the abandon time): the other one charges.
  if (marked.length === 0) throw unavailable('the request ran too long and its Idempotency-Key was taken over; nothing was charged');
}

/**
 * Stores the answer of a keyed call before it leaves (onSend), or releases the key after a 5xx:
 * deleted when nothing was charged, left for the next repeat to take over (and not charge) when it was.
 */
export async function storeIdempotentAnswer(
  db: Database,
  seal: IdempotencySeal,
  call: IdempotentCall,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const params = [call.accountId, call.scope, call.key, call.claimId];
  const status = reply.statusCode;
  if (status >= 500 || typeof payload !== 'string') {
    if (call.charged) {
      await db.query(
        `UPDATE idempotent_calls SET claimed_at = '-infinity'
          WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3 AND claim_id = $4`,
        params,
      );
    } else {
      await db.query(
        `DELETE FROM idempotent_calls WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3 AND claim_id = $4`,
        params,
      );
    }
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  await db.query(
    `UPDATE idempotent_calls SET response_status = $5, response_sealed = $6
      WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3 AND claim_id = $4`,
    [...params, status, seal.seal({ headers, body: payload }, sealContext(seal, call))],
  );
}

/** Sets the reply to the stored answer of a synchronous call, marked replayed; returns its body for the caller to send. */
export function replayAnswer(reply: FastifyReply, answer: StoredAnswer): string {
  markReplayed(reply.request);
  void reply.status(answer.status).headers(answer.headers).header('Cache-Control', 'no-store');
  return answer.body;
}

/** The one mark of a replay, synchronous or queued: the answer leaves with `Idempotent-Replayed: true` (markReplayedAnswer). */
export function markReplayed(request: FastifyRequest): void {
  request.idempotentReplayed = true;
}

/** Adds `Idempotent-Replayed: true` to the answer of a replayed request (onSend, for every route). */
export function markReplayedAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (request.idempotentReplayed) void reply.header('Idempotent-Replayed', 'true');
}

/** A queue call's key: the account, the queue route's scope (`test:` first for a test key's call) and the Idempotency-Key. */
export interface QueuedCallKey {
  accountId: string;
  scope: string;
  key: string;
}

/** The status of a queue call's answer (202 Accepted), kept in clear like a synchronous call's. */
const QUEUED_STATUS = 202;

/**
 * Claims a queue call's key inside its queueing transaction (`tx`), as claim `claimId` (the new
 * job's id), or returns the queued job the first call with this key stored. A concurrent identical
 * request blocks on the unique key until the first one commits (it then gets the queued job) or
 * rolls back (it then claims the key). The same key with another request is a 409.
 */
export async function claimQueuedCall<Queued>(
  tx: Queryable,
  seal: IdempotencySeal,
  call: QueuedCallKey,
  requestSha256: string,
  claimId: string,
): Promise<Queued | null> {
  const params = [call.accountId, call.scope, call.key];
  for (;;) {
    const claimed = await tx.query(
      `INSERT INTO idempotent_calls (account_id, scope, idempotency_key, request_hash, claim_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING claim_id`,
      [...params, seal.requestHash(requestSha256), claimId],
    );
    if (claimed.length > 0) return null;
    const [row] = await tx.query<Pick<KeyRow, 'request_hash' | 'claim_id' | 'response_sealed' | 'expired'>>(
      `SELECT request_hash, claim_id, response_sealed, created_at < now() - interval '${IDEMPOTENCY_RETENTION}' AS expired
         FROM idempotent_calls WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3`,
      params,
    );
    if (!row) continue; // purged in between: claim it again
    if (row.expired) {
      // Past the retention window the key is new again (the purge may not have run yet).
      await tx.query(`DELETE FROM idempotent_calls WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3 AND claim_id = $4`, [
        ...params,
        row.claim_id,
      ]);
      continue;
    }
    if (!seal.sameRequest(row.request_hash, requestSha256)) {
      throw new ApiError(409, 'Idempotency-Key was already used with a different request body; use a new key for a new request');
    }
    // Committed with its job, it holds the queued job; only a moved row not yet sealed (`cli migrate` seals it) does not.
    if (row.response_sealed === null) throw unavailable("this Idempotency-Key's first answer cannot be read at this moment; retry shortly");
    return seal.open<Queued>(row.response_sealed, sealContext(seal, call));
  }
}

/** Stores the queued job of a claimed queue key, in the same transaction as the claim and the job's charge. */
export async function storeQueuedAnswer(tx: Queryable, seal: IdempotencySeal, call: QueuedCallKey, queued: unknown): Promise<void> {
  await tx.query(
    `UPDATE idempotent_calls SET charged = true, response_status = $4, response_sealed = $5
      WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3`,
    [call.accountId, call.scope, call.key, QUEUED_STATUS, seal.seal(queued, sealContext(seal, call))],
  );
}

/** Deletes the keys past the retention window, synchronous and queued; every replica runs it now and then (idempotent). */
export async function purgeExpiredIdempotentCalls(db: Database): Promise<void> {
  await db.query(`DELETE FROM idempotent_calls WHERE created_at < now() - interval '${IDEMPOTENCY_RETENTION}'`);
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Purges expired keys every hour in this replica (a failed purge waits for the next). */
export function startIdempotencyPurge(db: Database): NodeJS.Timeout {
  const timer = setInterval(() => void purgeExpiredIdempotentCalls(db).catch(() => undefined), PURGE_EVERY_MS);
  timer.unref();
  return timer;
}
