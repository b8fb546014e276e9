import { ApplicationFailure, Context } from '@temporalio/activity';
import { PlatformConfig } from '@astro/config';
import { Database } from '@astro/database';
import {
  attemptDelivery,
  DeliveryNotRecordedError,
  DeliveryRuntime,
  findSubscription,
  horoscopeEventFor,
  publishEvent,
  REPORT_COMPLETED,
  VISUAL_READING_COMPLETED,
} from '@astro/delivery';
import { artifactUrlSigner, findJob, jobAttempt, jobView } from '@astro/jobs';
import { DELIVERY_NOT_RECORDED, type DeliveryActivities, webhookDeliveryWorkflow } from '@astro/workflows';
import { WorkerMetrics } from '../metrics';
import { webhookLinks } from './webhook-links';

/** Webhook attempts, `report.completed` publishing and scheduled horoscopes. */
export function deliveryActivities(
  config: PlatformConfig,
  db: Database,
  metrics: WorkerMetrics,
  /** the clock of webhook attempts (their links and signatures): tests move it to a later attempt */
  now: () => Date = () => new Date(),
): DeliveryActivities {
  const signer = artifactUrlSigner(config);
  const settings = {
    allowlist: config.outboundAllowlist,
    requireHttps: config.production,
    bodyAt: webhookLinks(signer, config.publicBaseUrl),
  };
  // The worker's own Temporal client (from the activity context) starts delivery workflows.
  const runtime = (): DeliveryRuntime => ({
    db,
    client: Context.current().client,
    taskQueue: config.temporal.deliveryTaskQueue,
    retrySchedule: config.webhookRetrySchedule,
    workflow: webhookDeliveryWorkflow,
  });

  /** One event per attempt of a job: an operator's retry (jobs:retry) announces its own outcome. */
  const completionEventId = async (type: string, jobId: string) => {
    const attempt = await jobAttempt(db, jobId);
    return attempt === 1 ? `${type}:${jobId}` : `${type}:${jobId}:attempt-${attempt}`;
  };

  return {
    async attemptWebhookDelivery(input) {
      try {
        const result = await attemptDelivery(db, settings, input, now);
        metrics.webhookAttempts.inc({ outcome: result.outcome });
        metrics.webhookDuration.observe({ outcome: result.outcome }, result.durationMs / 1000);
        return result;
      } catch (err) {
        if (err instanceof DeliveryNotRecordedError) throw ApplicationFailure.nonRetryable(err.message, DELIVERY_NOT_RECORDED);
        throw err;
      }
    },

    async publishReportCompleted({ jobId }) {
      const job = await findJob(db, jobId);
      if (!job || (job.status !== 'succeeded' && job.status !== 'failed')) return { deliveryIds: [] };
      // The data is the job record as GET /api/v3/jobs/{job_id} shows it (status, error_code, artifacts).
      return publishEvent(runtime(), {
        id: await completionEventId(REPORT_COMPLETED, jobId),
        type: REPORT_COMPLETED,
        accountId: job.account_id,
        timestamp: new Date(job.finished_at ?? job.created_at).toISOString(),
        data: { ...jobView(job, signer) },
        reportJobId: jobId,
        // A test key's job is announced to the test subscriptions only, as `livemode: false`.
        livemode: job.livemode,
      });
    },

    async publishVisualReadingCompleted({ jobId, family, sku, artifacts }) {
      const job = await findJob(db, jobId);
      if (!job) return { deliveryIds: [] };
      return publishEvent(runtime(), {
        id: await completionEventId(VISUAL_READING_COMPLETED, jobId),
        type: VISUAL_READING_COMPLETED,
        accountId: job.account_id,
        timestamp: new Date().toISOString(),
        data: { job_id: jobId, family, sku, artifacts, poll: `/api/v3/visual-readings/jobs/${jobId}` },
        subjectId: jobId,
        livemode: job.livemode,
      });
    },

    async publishScheduledHoroscope({ horoscopeDeliveryId, runId, firedAt }) {
      const subscription = await findSubscription(db, horoscopeDeliveryId);
      // Deleted or disabled (410) since the schedule fired: nothing to deliver.
      if (!subscription || subscription.kind !== 'horoscope' || !subscription.enabled) return { deliveryIds: [] };
      const event = horoscopeEventFor(subscription, { runId, firedAt: new Date(firedAt), ephemerisPath: config.ephemerisPath });
      return publishEvent(runtime(), event, subscription);
    },
  };
}
