import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { HoroscopePublishingActivities } from './horoscope-publishing-contracts';

const publishing = proxyActivities<HoroscopePublishingActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
});

/**
 * What the `horoscope-publishing` schedule starts each day: publish ahead of time. Publishing is
 * idempotent (one text per stream), so a retried or overlapping run never publishes twice.
 */
export async function publishHoroscopesWorkflow(): Promise<{ published: number; already: number }> {
  return publishing.publishUpcomingHoroscopes({ firedAt: workflowInfo().startTime.toISOString() });
}
