import { Database } from '@astro/database';
import { reconcile } from '@astro/finance';
import { ReceivedWebhook } from '../support/webhook-receiver';
import { CallRecord } from './client';

/** One invariant checked after a scenario: its name, and what broke it (empty when it held). */
export interface InvariantResult {
  name: string;
  problems: string[];
}

export interface InvariantInput {
  db: Database;
  /** every call the scenario made */
  calls: CallRecord[];
  /** the accounts the scenario made: their jobs and charges are checked */
  accountIds: string[];
  /** what the webhook receiver got during the scenario */
  received: ReceivedWebhook[];
}

const TERMINAL = new Set(['succeeded', 'failed']);

/**
 * Every job of the scenario's accounts finished exactly once: succeeded with one charge, one
 * success event and no refund, or failed with one charge, one failure event and exactly one refund
 * of the whole charge.
 */
async function jobsFinishedOnce({ db, accountIds }: InvariantInput): Promise<string[]> {
  const jobs = await db.query<{ id: string; status: string; credits_charged: number; credits_refunded: number }>(
    `SELECT id, status, credits_charged, credits_refunded FROM jobs WHERE account_id = ANY($1)`,
    [accountIds],
  );
  const money = await db.query<{ job_id: string; event_type: string; amount: number }>(
    `SELECT payload->>'job_id' AS job_id, event_type, (payload->>'amount')::int AS amount FROM events
      WHERE stream_id = ANY($1) AND event_type IN ('CreditsCharged', 'CreditsRefunded') AND payload ? 'job_id'`,
    [accountIds.map((id) => `account:${id}`)],
  );
  const outcomes = await db.query<{ job_id: string; event_type: string }>(
    `SELECT split_part(stream_id, ':', 2) AS job_id, event_type FROM events
      WHERE split_part(stream_id, ':', 2) = ANY($1) AND (event_type LIKE '%Succeeded' OR event_type LIKE '%Failed')`,
    [jobs.map((j) => j.id)],
  );
  const problems: string[] = [];
  for (const job of jobs) {
    const charges = money.filter((m) => m.job_id === job.id && m.event_type === 'CreditsCharged');
    const refunds = money.filter((m) => m.job_id === job.id && m.event_type === 'CreditsRefunded');
    const ends = outcomes.filter((o) => o.job_id === job.id);
    const succeeded = ends.filter((e) => e.event_type.endsWith('Succeeded')).length;
    const failed = ends.filter((e) => e.event_type.endsWith('Failed')).length;
    const said = `job ${job.id} (${job.status}): ${charges.length} charge(s), ${refunds.length} refund(s), ${succeeded} success and ${failed} failure event(s)`;
    if (!TERMINAL.has(job.status)) problems.push(`${said}: not finished`);
    else if (charges.length !== 1) problems.push(`${said}: charged ${charges.length} times`);
    else if (job.status === 'succeeded' && (succeeded !== 1 || failed !== 0 || refunds.length !== 0)) problems.push(said);
    else if (
      job.status === 'failed' &&
      (failed !== 1 || succeeded !== 0 || refunds.length !== 1 || refunds[0].amount !== charges[0].amount)
    ) {
      problems.push(said);
    }
  }
  return problems;
}

/** Every 2xx priced call has exactly one charge with its request id, and every charge belongs to such a call. */
async function chargesMatchCalls({ db, calls, accountIds }: InvariantInput): Promise<string[]> {
  const charges = await db.query<{ request_id: string }>(
    `SELECT payload->>'request_id' AS request_id FROM events WHERE stream_id = ANY($1) AND event_type = 'CreditsCharged'`,
    [accountIds.map((id) => `account:${id}`)],
  );
  const problems: string[] = [];
  const charged = new Map<string, number>();
  for (const c of charges) charged.set(c.request_id, (charged.get(c.request_id) ?? 0) + 1);
  const succeeded = new Set<string>();
  for (const call of calls.filter((c) => c.charged)) {
    const ok = call.status >= 200 && call.status < 300;
    if (ok && !call.requestId) problems.push(`${call.method} ${call.path} answered ${call.status} without a request id`);
    if (!call.requestId) continue;
    const count = charged.get(call.requestId) ?? 0;
    if (ok) succeeded.add(call.requestId);
    if (ok && count !== 1)
      problems.push(`${call.method} ${call.path} answered ${call.status} (${call.requestId}) and has ${count} charges`);
    if (!ok && count !== 0) problems.push(`${call.method} ${call.path} answered ${call.status} (${call.requestId}) yet was charged`);
  }
  for (const [requestId, count] of charged) {
    if (!succeeded.has(requestId))
      problems.push(`${count} charge(s) for request ${requestId}, which no 2xx answer of the scenario carried`);
  }
  return problems;
}

/**
 * Every delivery attempt is recorded: attempts numbered 1..n with none left pending, one
 * DeliveryAttempted event per settled attempt, and every request the receiver got is an attempt
 * recorded with the receiver's answer.
 */
async function deliveryAttemptsRecorded({ db, accountIds, received }: InvariantInput): Promise<string[]> {
  const attempts = await db.query<{ id: string; attempt: number; status: string; response_status: number | null }>(
    `SELECT id, attempt, status, response_status FROM webhook_delivery_attempts WHERE account_id = ANY($1) ORDER BY id, attempt`,
    [accountIds],
  );
  const ids = [...new Set(attempts.map((a) => a.id))];
  const events = await db.query<{ id: string; n: number }>(
    `SELECT split_part(stream_id, ':', 2) AS id, count(*)::int AS n FROM events
      WHERE stream_id = ANY($1) AND event_type = 'DeliveryAttempted' GROUP BY 1`,
    [ids.map((id) => `delivery:${id}`)],
  );
  const problems: string[] = [];
  for (const id of ids) {
    const rows = attempts.filter((a) => a.id === id);
    if (rows.some((r, i) => r.attempt !== i + 1))
      problems.push(`delivery ${id}: attempts ${rows.map((r) => r.attempt).join(',')} are not 1..n`);
    if (rows.some((r) => r.status === 'pending')) problems.push(`delivery ${id}: an attempt is still pending`);
    const recorded = events.find((e) => e.id === id)?.n ?? 0;
    if (recorded !== rows.length) problems.push(`delivery ${id}: ${rows.length} attempt rows but ${recorded} DeliveryAttempted events`);
    const answered = rows.filter((r) => r.response_status !== null).length;
    const got = received.filter((r) => r.headers['webhook-id'] === id).length;
    if (got !== answered) problems.push(`delivery ${id}: the receiver got ${got} request(s), ${answered} attempt(s) recorded an answer`);
  }
  const unknown = received.filter((r) => !ids.includes(String(r.headers['webhook-id'])));
  if (unknown.length > 0) problems.push(`the receiver got ${unknown.length} request(s) of no recorded delivery`);
  return problems;
}

/** The finance reconciliation of the whole log (libs/finance, as `npm run cli -- finance:reconcile`). */
async function reconciliationPasses({ db }: InvariantInput): Promise<string[]> {
  const result = await reconcile(db, { from: new Date(0), to: new Date(Date.now() + 60_000) });
  return result.invariants
    .filter((i) => !i.ok)
    .map((i) => `${i.name}: ${i.violations.map((v) => v.detail).join('; ') || i.note || 'failed'}`);
}

/** No call got a 5xx other than a 503 in the error envelope, and every call got an answer. */
async function no500({ calls }: InvariantInput): Promise<string[]> {
  const problems: string[] = [];
  for (const call of calls) {
    if (call.status === 0) problems.push(`${call.method} ${call.path}: no answer (${call.error})`);
    else if (call.status === 503) {
      const b = call.body;
      if (!(b && b.error === 'service_unavailable' && b.code === '503' && typeof b.message === 'string' && b.request_id)) {
        problems.push(`${call.method} ${call.path}: a 503 outside the error envelope: ${JSON.stringify(b).slice(0, 200)}`);
      }
    } else if (call.status >= 500) problems.push(`${call.method} ${call.path}: ${call.status} ${JSON.stringify(call.body).slice(0, 300)}`);
  }
  return problems;
}

const CHECKS: [string, (input: InvariantInput) => Promise<string[]>][] = [
  ['every job finished exactly once, or failed with exactly one refund', jobsFinishedOnce],
  ['every 2xx priced call has its charge and no charge lacks its call', chargesMatchCalls],
  ['every delivery attempt is recorded', deliveryAttemptsRecorded],
  ['the finance reconciliation passes', reconciliationPasses],
  ['the API answered no 500 (a 503 only in the error envelope)', no500],
];

export async function checkInvariants(input: InvariantInput): Promise<InvariantResult[]> {
  const results: InvariantResult[] = [];
  for (const [name, check] of CHECKS) results.push({ name, problems: await check(input) });
  return results;
}
