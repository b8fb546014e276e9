import { ActivityFailure, ApplicationFailure, proxyActivities, sleep } from '@temporalio/workflow';
import type { DeliveryWorkflowInput, DeliveryWorkflowResult } from '@astro/delivery';
import { DELIVERY_NOT_RECORDED, type DeliveryActivities } from './delivery-contracts';

// The HTTP part never throws (a failed POST is a recorded outcome); retries here only cover the
// database or the worker going away mid-attempt. 10 s request timeout, so 30 s bounds an attempt.
const delivery = proxyActivities<DeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/**
 * One delivery of one event to one subscription (workflow id = delivery id). Waits on durable
 * timers between attempts, so a restart of the worker or of Temporal resumes the schedule.
 */
export async function webhookDeliveryWorkflow(input: DeliveryWorkflowInput): Promise<DeliveryWorkflowResult> {
  const waits = input.waitsSeconds.length > 0 ? input.waitsSeconds : [0];
  let attempt = input.firstAttempt;
  for (let i = 0; i < waits.length; i++, attempt++) {
    if (waits[i] > 0) await sleep(waits[i] * 1000);
    let result;
    try {
      result = await delivery.attemptWebhookDelivery({ deliveryId: input.deliveryId, attempt, final: i === waits.length - 1 });
    } catch (err) {
      const cause = err instanceof ActivityFailure ? err.cause : err;
      if (cause instanceof ApplicationFailure && cause.type === DELIVERY_NOT_RECORDED)
        return { status: 'abandoned', attempts: attempt - 1 };
      throw err;
    }
    if (result.outcome !== 'failed') return { status: result.outcome, attempts: attempt };
  }
  return { status: 'exhausted', attempts: attempt - 1 };
}
