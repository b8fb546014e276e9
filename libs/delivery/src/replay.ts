import { WorkflowIdReusePolicy } from '@temporalio/common';
import { Database } from '@astro/database';
import { EventMetadata } from '@astro/ledger';
import { AttemptRow, recordRetryRequested, RetryNotAllowedError } from './deliveries';
import { DeliveryRuntime, DeliveryWorkflowInput, startDeliveryWorkflow } from './publish';
import { findSubscription } from './subscriptions';

/**
 * A redelivery of a finished delivery (succeeded or exhausted): one more pending attempt recorded,
 * and the delivery's workflow started again under the same id, in one transaction, so a refused
 * start records nothing. The payload and the webhook-id (the delivery id, derived from the event id
 * and the subscription) are the original ones: a receiver that got it before dedupes it.
 * `start` starts the workflow (the API wraps it in a deadline); it answers false when a run is open.
 */
export async function redeliver(
  db: Database,
  deliveryId: string,
  waitsSeconds: number[],
  metadata: EventMetadata,
  start: (input: DeliveryWorkflowInput) => Promise<boolean>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const attempt = await recordRetryRequested(tx, deliveryId, metadata);
    if (!(await start({ deliveryId, waitsSeconds, firstAttempt: attempt }))) {
      throw new RetryNotAllowedError(`delivery ${deliveryId} is still being delivered; retry once it has finished`);
    }
    return attempt;
  });
}

/**
 * The deliveries whose last attempt was exhausted (no attempt follows) at or after `since`: what
 * `deliveries:replay` sends again. Deliveries still retrying are left to their schedule.
 */
export async function exhaustedDeliveriesSince(db: Database, since: Date, accountId?: string): Promise<AttemptRow[]> {
  return db.query<AttemptRow>(
    `SELECT a.* FROM webhook_delivery_attempts a
      WHERE a.status = 'exhausted' AND a.updated_at >= $1 AND ($2::text IS NULL OR a.account_id = $2)
        AND NOT EXISTS (SELECT 1 FROM webhook_delivery_attempts later WHERE later.id = a.id AND later.attempt > a.attempt)
      ORDER BY a.updated_at, a.id`,
    [since, accountId ?? null],
  );
}

export interface ReplayLine {
  delivery_id: string;
  account_id: string;
  event_id: string;
  event_type: string;
  /** the attempt the replay opened, or null when skipped */
  attempt: number | null;
  skipped?: string;
}

/**
 * Re-delivers every delivery exhausted since `since` (of one account, or all): new attempts on the
 * configured retry schedule, same payload and webhook-id. A delivery whose subscription was deleted
 * or disabled since is skipped and said so (enable it first).
 */
export async function replayDeliveries(
  runtime: DeliveryRuntime,
  filter: { since: Date; accountId?: string },
  metadata: EventMetadata,
): Promise<ReplayLine[]> {
  const lines: ReplayLine[] = [];
  for (const last of await exhaustedDeliveriesSince(runtime.db, filter.since, filter.accountId)) {
    const line: ReplayLine = {
      delivery_id: last.id,
      account_id: last.account_id,
      event_id: last.event_id,
      event_type: last.event_type,
      attempt: null,
    };
    lines.push(line);
    const subscription = await findSubscription(runtime.db, last.subscription_id);
    if (!subscription) {
      line.skipped = `subscription ${last.subscription_id} was deleted`;
      continue;
    }
    if (!subscription.enabled) {
      line.skipped = `subscription ${subscription.id} is disabled${subscription.disabled_reason ? ` (${subscription.disabled_reason})` : ''}; enable it first`;
      continue;
    }
    try {
      line.attempt = await redeliver(runtime.db, last.id, runtime.retrySchedule, metadata, (input) =>
        startDeliveryWorkflow(runtime, input, last.account_id, WorkflowIdReusePolicy.ALLOW_DUPLICATE),
      );
    } catch (err) {
      if (!(err instanceof RetryNotAllowedError)) throw err;
      line.skipped = err.message;
    }
  }
  return lines;
}
