import { proxyActivities } from '@temporalio/workflow';
import type { ReportInput, ReportLocale, ResolvedBranding } from '@astro/rendering';
import type { ReportActivities } from './activity-contracts';
import { type JobOutcome, runJobLifecycle } from './job-lifecycle';

// A computation takes well under a second and cannot heartbeat (one synchronous call into the
// ephemeris), so its timeout is what moves an attempt lost with a dead worker to another: at
// 2 minutes a worker killed mid-burst held its computations that long (the chaos suite's
// worker-kill, 121.7 s against 24.9 s when only renders were lost).
const compute = proxyActivities<ReportActivities>({
  startToCloseTimeout: '30 seconds',
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
  /** false for a test key's job: every page of its PDF and hosted page is marked TEST (absent: live) */
  livemode?: boolean;
}

/**
 * A branded PDF report with its hosted page and JSON document: compute (ephemeris) → render
 * (Chromium) and store → succeeded, or failed and refunded.
 */
export async function reportWorkflow(input: ReportWorkflowInput): Promise<JobOutcome> {
  return runJobLifecycle(input.jobId, 'computing', async (reportStage) => {
    const data = await compute.computeReport({ jobId: input.jobId, report: input.report });
    await reportStage('rendering');
    const { artifact, more, warnings } = await render.renderReportPdf({
      jobId: input.jobId,
      data,
      locale: input.locale,
      branding: input.branding,
      thaiDigits: input.thaiDigits ?? false,
      livemode: input.livemode ?? true,
    });
    // A render recorded without `more` (before reports stored their page and document) replays as the PDF alone.
    return { artifacts: { pdf: artifact, ...more }, warnings };
  });
}
