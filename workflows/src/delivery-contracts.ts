/**
 * Activity signatures of webhook delivery and scheduled horoscopes. Types only: implementations live
 * in apps/worker/src/activities/delivery.activities.ts.
 */
export interface AttemptOutcome {
  attempt: number;
  outcome: 'succeeded' | 'failed' | 'exhausted';
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

export interface DeliveryActivities {
  /** One signed POST of a delivery, recorded in the event log. Never throws for an HTTP failure. */
  attemptWebhookDelivery(input: { deliveryId: string; attempt: number; final: boolean }): Promise<AttemptOutcome>;
  /** Publishes `report.completed` for a finished report job (succeeded or failed) to the account's subscriptions. */
  publishReportCompleted(input: { jobId: string }): Promise<{ deliveryIds: string[] }>;
  /** Publishes `visual_reading.completed` for a visual-reading job (its `delivering` stage). */
  publishVisualReadingCompleted(input: {
    jobId: string;
    family: string;
    sku: string;
    artifacts: string[];
  }): Promise<{ deliveryIds: string[] }>;
  /** Writes the horoscope of one scheduled run and starts its signed delivery. */
  publishScheduledHoroscope(input: { horoscopeDeliveryId: string; runId: string; firedAt: string }): Promise<{ deliveryIds: string[] }>;
}

/** ApplicationFailure type of an attempt whose delivery record never committed. */
export const DELIVERY_NOT_RECORDED = 'delivery_not_recorded';
