import * as fs from 'node:fs';
import * as path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { type MockActivity, WorkflowTestbed } from '../../test/support/workflow-environment';
import { JOB_NOT_RECORDED } from './activity-contracts';

// runJobLifecycle through the three job workflows, with every activity mocked: the workflow code
// alone decides what is charged back, when, and what a failure is called.

const ARTIFACT = { key: 'job_x/report.pdf', content_type: 'application/pdf', bytes: 1, sha256: '00' };

/** Activities that all succeed; a test replaces the ones whose failure it is about. */
function activities(overrides: Record<string, MockActivity> = {}): Record<string, MockActivity> {
  const ok =
    (value: unknown = undefined): MockActivity =>
    async () =>
      value;
  return {
    markJobRunning: ok(),
    setJobStage: ok(),
    markJobSucceeded: ok(),
    markJobFailed: ok(),
    refundJob: ok({ refunded: 30, alreadyRefunded: false }),
    publishReportCompleted: ok({ deliveryIds: [] }),
    publishVisualReadingCompleted: ok({ deliveryIds: [] }),
    computePlanetsSnapshot: ok({ planets: [] }),
    storeJsonArtifact: ok({ ...ARTIFACT, key: 'job_x/snapshot.json' }),
    computeReport: ok({ chart: 'data' }),
    renderReportPdf: ok({ artifact: ARTIFACT, warnings: [] }),
    validateVisualImages: ok({ face: {} }),
    analyseVisualImages: ok({ features: [] }),
    renderVisualReading: ok({ artifacts: { json: ARTIFACT }, warnings: [] }),
    ...overrides,
  };
}

let testbed: WorkflowTestbed;
beforeAll(async () => {
  testbed = await WorkflowTestbed.start(Object.keys(activities()));
});
afterAll(() => testbed?.stop());

const names = (calls: { name: string }[]) => calls.map((c) => c.name);
/** A report job's steps in order, bookkeeping included. */
const REPORT_STEPS = ['markJobRunning', 'computeReport', 'setJobStage', 'renderReportPdf', 'markJobSucceeded', 'publishReportCompleted'];
const REPORT = { jobId: 'job_000000000000000000000001', report: { kind: 'solar_return', input: {} }, locale: 'en', branding: {} };
const VISUAL = {
  jobId: 'vrj_000000000000000000000001',
  family: 'face',
  images: [{ slot: 'face', uploadId: 'vup_1' }],
  mirrored: false,
  sku: 'json',
  locale: 'en',
  subjectLabel: 'x',
  branding: {},
};

describe('the success path', () => {
  it('runs the stages in order, stores the artifacts, announces report.completed and refunds nothing', async () => {
    const { result, calls } = await testbed.run('reportWorkflow', REPORT, activities());
    expect(result).toEqual({ status: 'succeeded' });
    expect(names(calls)).toEqual(REPORT_STEPS);
    expect(calls[0].input).toEqual({ jobId: REPORT.jobId, stage: 'computing' });
    expect(calls[2].input).toEqual({ jobId: REPORT.jobId, stage: 'rendering' });
    expect(calls[4].input).toEqual({ jobId: REPORT.jobId, artifacts: { pdf: ARTIFACT }, warnings: [] });
  });
});

describe('the failure and refund path', () => {
  it("refunds before marking the job failed, with the activity's error type as the error code", async () => {
    const { result, calls } = await testbed.run(
      'pipelineProbeWorkflow',
      { jobId: 'job_000000000000000000000002', dt: '2024-01-01T00:00:00Z' },
      activities({
        computePlanetsSnapshot: async () => {
          throw ApplicationFailure.nonRetryable('outside the ephemeris', 'ephemeris_range');
        },
      }),
    );
    expect(result).toEqual({ status: 'failed', errorCode: 'ephemeris_range' });
    expect(names(calls)).toEqual(['markJobRunning', 'computePlanetsSnapshot', 'refundJob', 'markJobFailed', 'publishReportCompleted']);
    expect(calls[1].attempt).toBe(1); // non-retryable: tried once
    expect(calls[2].input).toEqual({ jobId: 'job_000000000000000000000002', reason: 'ephemeris_range' });
    expect(calls[3].input).toEqual({
      jobId: 'job_000000000000000000000002',
      errorCode: 'ephemeris_range',
      message: 'outside the ephemeris',
    });
  });

  it('gives up on a step after its three attempts and refunds once, naming the last error', async () => {
    const { result, calls } = await testbed.run(
      'reportWorkflow',
      REPORT,
      activities({
        renderReportPdf: async (_input, attempt) => {
          throw ApplicationFailure.retryable(`Chromium crashed (${attempt})`, 'render_failed');
        },
      }),
    );
    expect(result).toEqual({ status: 'failed', errorCode: 'render_failed' });
    expect(calls.filter((c) => c.name === 'renderReportPdf').map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(calls.filter((c) => c.name === 'refundJob')).toHaveLength(1);
    expect(calls.find((c) => c.name === 'markJobFailed')!.input).toMatchObject({
      errorCode: 'render_failed',
      message: 'Chromium crashed (3)',
    });
    expect(names(calls)).not.toContain('markJobSucceeded');
  }, 20_000);

  it('retries a refund that crashed after committing; the failed job is marked once, after the refund', async () => {
    const { result, calls } = await testbed.run(
      'reportWorkflow',
      REPORT,
      activities({
        computeReport: async () => {
          throw ApplicationFailure.nonRetryable('no such chart', 'invalid_input');
        },
        refundJob: async (_input, attempt) => {
          if (attempt === 1) throw new Error('the worker died after the refund committed');
          return { refunded: 30, alreadyRefunded: true };
        },
      }),
    );
    expect(result).toEqual({ status: 'failed', errorCode: 'invalid_input' });
    expect(calls.filter((c) => c.name === 'refundJob').map((c) => c.attempt)).toEqual([1, 2]);
    expect(names(calls).slice(-2)).toEqual(['markJobFailed', 'publishReportCompleted']);
  });

  it('a visual reading fails at its stage, is refunded, and announces no report.completed', async () => {
    const { result, calls } = await testbed.run(
      'visualReadingWorkflow',
      VISUAL,
      activities({
        validateVisualImages: async () => {
          throw ApplicationFailure.nonRetryable('no face in the photo', 'no_face');
        },
      }),
    );
    expect(result).toEqual({ status: 'failed', errorCode: 'no_face' });
    expect(names(calls)).toEqual(['markJobRunning', 'validateVisualImages', 'refundJob', 'markJobFailed']);
    expect(calls[0].input).toEqual({ jobId: VISUAL.jobId, stage: 'validating' });
  });

  it('ends a workflow whose job was never recorded without charging back or marking anything', async () => {
    const { result, calls } = await testbed.run(
      'reportWorkflow',
      REPORT,
      activities({
        markJobRunning: async () => {
          throw ApplicationFailure.nonRetryable('job is not recorded', JOB_NOT_RECORDED);
        },
      }),
    );
    expect(result).toEqual({ status: 'abandoned' });
    expect(names(calls)).toEqual(['markJobRunning']);
  });
});

describe('the retry path', () => {
  it('retries a step that fails once and succeeds: no refund, one success', async () => {
    const { result, calls } = await testbed.run(
      'reportWorkflow',
      REPORT,
      activities({
        computeReport: async (_input, attempt) => {
          if (attempt === 1) throw ApplicationFailure.retryable('the ephemeris files were busy', 'transient');
          return { chart: 'data' };
        },
      }),
    );
    expect(result).toEqual({ status: 'succeeded' });
    expect(calls.filter((c) => c.name === 'computeReport').map((c) => c.attempt)).toEqual([1, 2]);
    expect(names(calls)).not.toContain('refundJob');
  });

  it("retries the lifecycle's own steps while the database is away, without failing the job", async () => {
    const { result, calls } = await testbed.run(
      'pipelineProbeWorkflow',
      { jobId: 'job_000000000000000000000003', dt: '2024-01-01T00:00:00Z' },
      activities({
        markJobSucceeded: async (_input, attempt) => {
          if (attempt < 3) throw new Error('connection refused');
        },
      }),
    );
    expect(result).toEqual({ status: 'succeeded' });
    expect(calls.filter((c) => c.name === 'markJobSucceeded').map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(names(calls)).not.toContain('refundJob');
  });

  it('never turns a succeeded job into a refunded one when announcing it fails for a while', async () => {
    const { result, calls } = await testbed.run(
      'reportWorkflow',
      REPORT,
      activities({
        publishReportCompleted: async (_input, attempt) => {
          if (attempt === 1) throw new Error('the event log is unavailable');
          return { deliveryIds: ['msg_1'] };
        },
      }),
    );
    expect(result).toEqual({ status: 'succeeded' });
    expect(calls.filter((c) => c.name === 'publishReportCompleted').map((c) => c.attempt)).toEqual([1, 2]);
    expect(names(calls)).not.toContain('refundJob');
    expect(names(calls)).not.toContain('markJobFailed');
  });
});

describe('the bookkeeping steps', () => {
  const scheduledActivities = (history: Awaited<ReturnType<WorkflowTestbed['history']>>) =>
    (history.events ?? []).flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);

  it('run as local activities: only the computation and the render wait in the task queue', async () => {
    const { result, workflowId } = await testbed.run('reportWorkflow', REPORT, activities());
    expect(result).toEqual({ status: 'succeeded' });
    const history = await testbed.history(workflowId);
    expect(scheduledActivities(history)).toEqual(['computeReport', 'renderReportPdf']);
    const markers = (history.events ?? []).map((e) => e.markerRecordedEventAttributes?.markerName).filter(Boolean);
    expect(markers).toContain('core_patch'); // the LOCAL_BOOKKEEPING_PATCH marker
    // markJobRunning, setJobStage, markJobSucceeded and publishReportCompleted
    expect(markers.filter((name) => name === 'core_local_activity')).toHaveLength(4);
  });

  it('replay a workflow started before they became local, with the bookkeeping it scheduled', async () => {
    // The history of a report workflow that ran with the bookkeeping as ordinary activities
    // (commit 7a368dc, recorded with this testbed): a deploy must not break the jobs in flight.
    const fixture = path.join(__dirname, '../../test/fixtures/workflow-histories/report-workflow-scheduled-bookkeeping.json');
    const history = historyFromJSON(JSON.parse(fs.readFileSync(fixture, 'utf8')));
    expect(scheduledActivities(history)).toEqual(REPORT_STEPS);
    await expect(
      Worker.runReplayHistory({ workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! } }, history),
    ).resolves.toBeUndefined();
  });
});
