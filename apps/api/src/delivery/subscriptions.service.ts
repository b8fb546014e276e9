import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import { Caller } from '../http/caller';
import { ApiError, notFound, unavailable } from '../http/api-error';
import { CONFIG, TEMPORAL, TemporalHandle } from '../platform/platform';
import { webhookDeliveryWorkflow } from '@astro/workflows';
import {
  AttemptFilter,
  createSubscription,
  deleteSubscription,
  findOwnSubscription,
  findSubscription,
  latestAttempt,
  listAttempts,
  listSubscriptions,
  redeliver,
  RetryNotAllowedError,
  rotateSecret,
  startDeliveryWorkflow,
  SubscriptionChanges,
  SubscriptionKind,
  SubscriptionRow,
  updateSubscription,
} from '@astro/delivery';
import { checkSubscriptionUrl, decodeCursor, encodeCursor, subscriptionView } from './views';
import { eventMetadataOf } from '../http/request-ids';

const TEMPORAL_DEADLINE_MS = 5_000;

/** Subscriptions (report webhooks, visual-reading deliveries) and delivery lists, per account. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
  ) {}

  async create(caller: Caller, kind: SubscriptionKind, input: { url: string; events: string[]; description?: string }) {
    const metadata = eventMetadataOf(caller);
    checkSubscriptionUrl(input.url, this.config);
    const { subscription, secret } = await this.db.transaction((tx) =>
      createSubscription(
        tx,
        {
          accountId: caller.accountId,
          kind,
          url: input.url,
          events: [...new Set(input.events)],
          description: input.description,
          livemode: caller.livemode,
        },
        metadata,
      ),
    );
    return { ...subscriptionView(subscription), secret };
  }

  async list(caller: Caller, kind: SubscriptionKind, query: { limit: number; cursor?: string }) {
    const { rows, nextBefore } = await listSubscriptions(
      this.db,
      caller.accountId,
      kind,
      { limit: query.limit, before: decodeCursor(query.cursor) },
      caller.livemode,
    );
    return { subscriptions: rows.map(subscriptionView), next_cursor: encodeCursor(nextBefore) };
  }

  async own(caller: Caller, kind: SubscriptionKind, id: string): Promise<SubscriptionRow> {
    const row = await findOwnSubscription(this.db, caller.accountId, kind, id, caller.livemode);
    if (!row) throw notFound(`subscription ${id}`);
    return row;
  }

  async get(caller: Caller, kind: SubscriptionKind, id: string) {
    return subscriptionView(await this.own(caller, kind, id));
  }

  async update(caller: Caller, kind: SubscriptionKind, id: string, changes: SubscriptionChanges) {
    const metadata = eventMetadataOf(caller);
    await this.own(caller, kind, id);
    if (changes.url !== undefined) checkSubscriptionUrl(changes.url, this.config);
    if (changes.events) changes = { ...changes, events: [...new Set(changes.events)] };
    const row = await updateSubscription(this.db, id, changes, metadata);
    if (!row) throw notFound(`subscription ${id}`);
    return subscriptionView(row);
  }

  async remove(caller: Caller, kind: SubscriptionKind, id: string): Promise<void> {
    const metadata = eventMetadataOf(caller);
    await this.own(caller, kind, id);
    if (!(await deleteSubscription(this.db, id, metadata))) throw notFound(`subscription ${id}`);
  }

  async rotate(caller: Caller, kind: SubscriptionKind, id: string) {
    const metadata = eventMetadataOf(caller);
    await this.own(caller, kind, id);
    const rotated = await rotateSecret(this.db, id, metadata);
    if (!rotated) throw notFound(`subscription ${id}`);
    return { ...subscriptionView(rotated.subscription), secret: rotated.secret };
  }

  async attempts(filter: AttemptFilter, query: { limit: number; cursor?: string }) {
    return listAttempts(this.db, filter, { limit: query.limit, before: decodeCursor(query.cursor) });
  }

  /** A redelivery by hand: one more attempt, now, recorded like every other. */
  async retry(caller: Caller, kinds: SubscriptionKind[], deliveryId: string) {
    const metadata = eventMetadataOf(caller);
    const latest = await latestAttempt(this.db, deliveryId);
    if (
      !latest ||
      latest.account_id !== caller.accountId ||
      latest.livemode !== caller.livemode ||
      !kinds.includes(latest.subscription_kind)
    )
      throw notFound(`delivery ${deliveryId}`);
    const subscription = await findSubscription(this.db, latest.subscription_id);
    if (!subscription)
      throw new ApiError(409, `the subscription ${latest.subscription_id} of this delivery was deleted; nothing to redeliver to`);
    if (!subscription.enabled)
      throw new ApiError(409, `the subscription ${subscription.id} is disabled; enable it (PATCH enabled: true) before redelivering`);
    const { connection, client } = this.temporal;
    let attempt: number;
    try {
      attempt = await redeliver(this.db, deliveryId, [0], metadata, async (input) => {
        try {
          return await connection.withDeadline(Date.now() + TEMPORAL_DEADLINE_MS, () =>
            startDeliveryWorkflow(
              { client, taskQueue: this.config.temporal.deliveryTaskQueue, workflow: webhookDeliveryWorkflow },
              input,
              caller.accountId,
              WorkflowIdReusePolicy.ALLOW_DUPLICATE,
            ),
          );
        } catch (err) {
          throw unavailable(`the delivery queue (Temporal) is unavailable: ${(err as Error).message.split('\n')[0]}`);
        }
      });
    } catch (err) {
      if (err instanceof RetryNotAllowedError) throw new ApiError(409, err.message);
      throw err;
    }
    return { delivery_id: deliveryId, attempt, status: 'pending' as const };
  }
}
