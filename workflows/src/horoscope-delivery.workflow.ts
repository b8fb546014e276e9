import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { DeliveryActivities } from './delivery-contracts';

const horoscope = proxyActivities<DeliveryActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * What a horoscope schedule starts at each run: write the horoscope and hand it to a webhook delivery
 * workflow (same signing, retries and telemetry as report webhooks). The run's workflow id, which
 * the schedule makes unique per fire time, identifies the event.
 */
export async function horoscopeDeliveryWorkflow(input: { horoscopeDeliveryId: string }): Promise<{ deliveryIds: string[] }> {
  const info = workflowInfo();
  return horoscope.publishScheduledHoroscope({
    horoscopeDeliveryId: input.horoscopeDeliveryId,
    runId: info.workflowId,
    firedAt: info.startTime.toISOString(),
  });
}
