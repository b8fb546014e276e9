import { BlockList } from 'node:net';
import { Database } from '@astro/database';
import { OutboundPolicy, outboundRequest } from '@astro/outbound-http';
import { describeAnswer, describeFailure } from './attempt-errors';
import { findAttempt, readDeliveryRecord, recordAttempt, AttemptResult } from './deliveries';
import { WebhookPayload } from './payload';
import { signWebhook } from './signing';
import { disableSubscription, findSubscription, signingKeysOf } from './subscriptions';

/** The attempt a workflow was started for was never recorded: nothing to deliver. */
export class DeliveryNotRecordedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryNotRecordedError';
  }
}

/** Each attempt waits at most this long for a complete answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

export interface AttemptSettings {
  allowlist: BlockList;
  requireHttps: boolean;
  /**
   * The body of this attempt from the stored event (its links signed at `at`, the attempt's time):
   * the stored payload as it is when absent.
   */
  bodyAt?: (payload: WebhookPayload, accountId: string, at: Date) => WebhookPayload;
}

export function webhookPolicy(settings: AttemptSettings): OutboundPolicy {
  // A receiver's answer body is not used: read at most 64 KiB of it. Redirects are not followed: the
  // subscription names its receiver, and a redirect would send the signed payload somewhere it does
  // not name (another port of an allowlisted host included); a 3xx is a failed attempt.
  return {
    allowlist: settings.allowlist,
    requireHttps: settings.requireHttps,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    maxBytes: 64 * 1024,
    maxRedirects: 0,
  };
}

/**
 * One delivery attempt: sign the stored payload with the subscription's active keys, POST it through
 * the SSRF-safe client, and record the result. Any 2xx succeeds; 410 disables the subscription.
 * `final` says no attempt follows a failure, so the delivery is then exhausted.
 */
export async function attemptDelivery(
  db: Database,
  settings: AttemptSettings,
  input: { deliveryId: string; attempt: number; final: boolean },
  now: () => Date = () => new Date(),
): Promise<AttemptResult> {
  const { deliveryId, attempt } = input;
  // A redelivery by hand starts its workflow just before its transaction commits: wait for the row a
  // little; if it never comes (the transaction rolled back), there is nothing to deliver.
  let settled = await findAttempt(db, deliveryId, attempt);
  for (let wait = 0; !settled && wait < 20; wait++) {
    await new Promise((r) => setTimeout(r, 250));
    settled = await findAttempt(db, deliveryId, attempt);
  }
  if (!settled) throw new DeliveryNotRecordedError(`delivery ${deliveryId} has no attempt ${attempt} recorded`);
  if (settled.status !== 'pending') {
    // A retried activity whose first run recorded the attempt: report what was recorded.
    return {
      attempt,
      outcome: settled.status as AttemptResult['outcome'],
      responseStatus: settled.response_status,
      durationMs: settled.attempt_duration_ms ?? 0,
      error: settled.last_error,
    };
  }
  const metadata = { actor: 'worker', correlation_id: deliveryId };
  const stored = await readDeliveryRecord(db, deliveryId);
  const subscription = await findSubscription(db, settled.subscription_id);
  if (!stored || !stored.record.payload || !subscription || !subscription.enabled) {
    const reason = !subscription
      ? 'the subscription was deleted'
      : !stored?.record.payload
        ? 'its content was erased with what it was about'
        : `the subscription is disabled${subscription.disabled_reason ? ` (${subscription.disabled_reason})` : ''}`;
    const result: AttemptResult = { attempt, outcome: 'exhausted', responseStatus: null, durationMs: 0, error: `not sent: ${reason}` };
    await recordAttempt(db, deliveryId, result, metadata);
    return result;
  }

  // One instant for the attempt: its links are valid from it and its signature carries it.
  const at = now();
  const recorded = stored.record.payload;
  const payload = settings.bodyAt ? settings.bodyAt(recorded, stored.record.account_id, at) : recorded;
  const body = JSON.stringify(payload);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'astro-platform-webhooks/1',
    ...signWebhook(await signingKeysOf(db, subscription.id), deliveryId, body, at),
  };
  const started = process.hrtime.bigint();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await outboundRequest(subscription.url, { method: 'POST', headers, body }, webhookPolicy(settings));
    status = response.status;
    if (status < 200 || status > 299) error = describeAnswer(status);
  } catch (err) {
    error = describeFailure(err);
  }
  const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
  const succeeded = status !== null && status >= 200 && status <= 299;
  const gone = status === 410;
  const outcome: AttemptResult['outcome'] = succeeded ? 'succeeded' : gone || input.final ? 'exhausted' : 'failed';
  const result: AttemptResult = {
    attempt,
    outcome,
    responseStatus: status,
    durationMs,
    error: gone ? `HTTP 410 Gone: the receiver asked to stop; subscription ${subscription.id} disabled` : error,
  };
  await recordAttempt(db, deliveryId, result, metadata, async (tx) => {
    if (!gone) return;
    const [locked] = await tx.query<typeof subscription>(
      `SELECT id, version FROM webhook_subscriptions WHERE id = $1 AND enabled FOR UPDATE`,
      [subscription.id],
    );
    if (locked)
      await disableSubscription(
        tx,
        { ...subscription, version: locked.version },
        `receiver answered 410 Gone to delivery ${deliveryId}`,
        metadata,
      );
  });
  return result;
}
