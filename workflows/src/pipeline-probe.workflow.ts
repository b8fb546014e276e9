import { proxyActivities } from '@temporalio/workflow';
import type { PipelineProbeActivities } from './activity-contracts';
import { type JobOutcome, runJobLifecycle } from './job-lifecycle';

const probe = proxyActivities<PipelineProbeActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
});

export interface PipelineProbeInput {
  jobId: string;
  dt: string;
}

/** The smallest real job: compute positions in an activity, store them as a JSON artifact. */
export async function pipelineProbeWorkflow(input: PipelineProbeInput): Promise<JobOutcome> {
  return runJobLifecycle(input.jobId, 'computing', async (reportStage) => {
    const document = await probe.computePlanetsSnapshot({ jobId: input.jobId, dt: input.dt });
    await reportStage('storing');
    const snapshot = await probe.storeJsonArtifact({ jobId: input.jobId, name: 'snapshot.json', document });
    return { artifacts: { json: snapshot } };
  });
}
