import { proxyActivities } from '@temporalio/workflow';
import type { ReportInput, ReportLocale, ResolvedBranding } from '@astro/rendering';
import type { ReportActivities } from './activity-contracts';
import { type JobOutcome, runJobLifecycle } from './job-lifecycle';

const compute = proxyActivities<ReportActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});
// Rendering heartbeats: if the worker dies mid-render the attempt times out quickly and another
// worker takes it over.
const render = proxyActivities<ReportActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});

export interface ReportWorkflowInput {
  jobId: string;
  /** the validated request: { kind, input } */
  report: ReportInput;
  locale: ReportLocale;
  /** branding resolved at queue time (profile plus request fields), so later edits cannot change a queued job */
  branding: ResolvedBranding;
  /** Thai edition with Thai digits (absent in jobs queued before the option existed: false) */
  thaiDigits?: boolean;
}

/** A branded PDF report: compute (ephemeris) → render (Chromium) and store → succeeded, or failed and refunded. */
export async function reportWorkflow(input: ReportWorkflowInput): Promise<JobOutcome> {
  return runJobLifecycle(input.jobId, 'computing', async (reportStage) => {
    const data = await compute.computeReport({ jobId: input.jobId, report: input.report });
    await reportStage('rendering');
    const { artifact, warnings } = await render.renderReportPdf({
      jobId: input.jobId,
      data,
      locale: input.locale,
      branding: input.branding,
      thaiDigits: input.thaiDigits ?? false,
    });
    return { artifacts: { pdf: artifact }, warnings };
  });
}
