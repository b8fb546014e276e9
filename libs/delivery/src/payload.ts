import { createHash } from 'node:crypto';

/** Event types a subscription can receive. */
export const REPORT_COMPLETED = 'report.completed';
export const VISUAL_READING_COMPLETED = 'visual_reading.completed';
export const HOROSCOPE_DELIVERED = 'horoscope.delivered';
export type DeliveryEventType = typeof REPORT_COMPLETED | typeof VISUAL_READING_COMPLETED | typeof HOROSCOPE_DELIVERED;

/** Something that happened to an account, to be delivered to its matching subscriptions. */
export interface PlatformEvent {
  /** stable across retries of whatever published it, e.g. `report.completed:job_…` */
  id: string;
  type: DeliveryEventType;
  accountId: string;
  /** ISO 8601 instant of the occurrence */
  timestamp: string;
  data: Record<string, unknown>;
  /** the report job (`job_…`) or the subject (`vrj_…`, `hsd_…`) the event is about */
  reportJobId?: string;
  subjectId?: string;
  /** false for an event of test mode (a test key's job): delivered only to test subscriptions; absent: live */
  livemode?: boolean;
}

/** The body we POST: Standard Webhooks' `{type, timestamp, data}`, and whether it is of live or test mode. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  /** absent in deliveries recorded before test mode (all live) */
  livemode?: boolean;
  data: Record<string, unknown>;
}

/** The body we POST: Standard Webhooks' `{type, timestamp, data}` with `livemode`. */
export function payloadOf(event: PlatformEvent): WebhookPayload {
  return { type: event.type, timestamp: event.timestamp, livemode: event.livemode !== false, data: event.data };
}

/**
 * The delivery id of an (event, subscription) pair. Deterministic, so publishing the same event twice
 * finds the same delivery stream and the same workflow id and never delivers twice. It is also the
 * `webhook-id` header receivers deduplicate on.
 */
export function deliveryIdFor(eventId: string, subscriptionId: string): string {
  return 'msg_' + createHash('sha256').update(`${eventId}\n${subscriptionId}`).digest('hex').slice(0, 24);
}
