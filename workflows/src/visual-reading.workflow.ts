import { proxyActivities } from '@temporalio/workflow';
import type { VisualLocale, VisualSku } from '@astro/contracts';
import type { ResolvedBranding } from '@astro/rendering';
import type { VisualJobInput, VisualReadingActivities } from './activity-contracts';
import type { DeliveryActivities } from './delivery-contracts';
import { type JobOutcome, runJobLifecycle } from './job-lifecycle';

// A photo that fails validation fails for good (non-retryable failures); other errors are retried.
// The model steps heartbeat after each photo: if the worker dies, another one takes the step over
// after 20 s instead of after the 2-minute start-to-close timeout.
const models = proxyActivities<VisualReadingActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});
const render = proxyActivities<VisualReadingActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});
const deliver = proxyActivities<DeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
});

export interface VisualReadingWorkflowInput extends VisualJobInput {
  sku: VisualSku;
  locale: VisualLocale;
  subjectLabel: string;
  /** branding resolved at queue time (profile plus defaults) */
  branding: ResolvedBranding;
  /** false for a test key's job: its page and PDF are marked TEST (absent: live) */
  livemode?: boolean;
}

/**
 * A palm or face reading (workflow id = the `vrj_` job id): validating → analysing → rendering →
 * delivering → succeeded, or failed with the stage's error code and refunded once.
 */
export async function visualReadingWorkflow(input: VisualReadingWorkflowInput): Promise<JobOutcome> {
  const job: VisualJobInput = { jobId: input.jobId, family: input.family, images: input.images, mirrored: input.mirrored };
  return runJobLifecycle(
    input.jobId,
    'validating',
    async (reportStage) => {
      const validated = await models.validateVisualImages(job);
      await reportStage('analysing');
      const analysis = await models.analyseVisualImages({ ...job, validated });
      await reportStage('rendering');
      const { artifacts, warnings } = await render.renderVisualReading({
        ...job,
        sku: input.sku,
        locale: input.locale,
        subjectLabel: input.subjectLabel,
        branding: input.branding,
        analysis,
        livemode: input.livemode ?? true,
      });
      await reportStage('delivering');
      await deliver.publishVisualReadingCompleted({
        jobId: input.jobId,
        family: input.family,
        sku: input.sku,
        artifacts: Object.keys(artifacts),
      });
      return { artifacts, warnings };
    },
    { announceReportCompleted: false },
  );
}
