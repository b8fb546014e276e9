import { Connection } from '@temporalio/client';
import { until } from '../processes';
import { jobsFinished, jobStates, queueReport, Scenario, seconds } from '../scenario';

/**
 * The artifact store (MinIO) stopped while reports render and a finished report is downloaded:
 * the download answers 503 in the error envelope, a render that cannot store its PDF is retried
 * and, past its attempts, fails with its refund; once the store is up, downloads and renders work.
 */
export const artifactStoreDown: Scenario = {
  name: 'artifact-store-down',
  title: 'stop the artifact store (MinIO) during renders, then start it',
  async run(stack, progress) {
    if (!stack.s3) throw new Error('this scenario needs the stack started with MinIO (s3Server)');
    const { accountId, apiKey } = await stack.account(300);
    const first = await queueReport(stack, apiKey, 'Before');
    await jobsFinished(stack, [first], 180_000);
    const done = await stack.client.get(`/api/v3/jobs/${first}`, apiKey);
    const downloadUrl = done.body.artifacts?.pdf?.url as string | undefined;
    if (!downloadUrl) throw new Error(`the first report has no PDF: ${JSON.stringify(done.body)}`);
    const download = () =>
      stack.client.get(new URL(downloadUrl, stack.client.baseUrl).pathname + new URL(downloadUrl, stack.client.baseUrl).search);

    const jobIds: string[] = [];
    for (let i = 0; i < 3; i++) jobIds.push(await queueReport(stack, apiKey, `During ${i}`));
    await until(
      'a report in its rendering stage',
      async () => [...((await jobStates(stack, jobIds))?.values() ?? [])].some((j) => j.stage === 'rendering'),
      120_000,
    );
    progress('a report is rendering; stopping MinIO');
    await stack.s3.stop();
    const during = await download();
    progress(`download of a stored PDF while the store is down: ${during.status}`);
    if (during.status !== 503) throw new Error(`a download while the store is down answered ${during.status}, not 503`);
    // Wait until a render has met the outage: a report failed (its attempts spent), or an attempt failed and is retried.
    const temporal = await Connection.connect({ address: stack.temporalAddress });
    try {
      // The raw description: the SDK's describe() would decode the memo, which the platform's codec encrypts.
      const retried = async (jobId: string) => {
        const described = await temporal.workflowService.describeWorkflowExecution({
          namespace: 'default',
          execution: { workflowId: jobId },
        });
        return (described.pendingActivities ?? []).some((a) => (a.attempt ?? 1) > 1);
      };
      await until(
        'a render to fail on the outage',
        async () => {
          const states = [...((await jobStates(stack, jobIds))?.values() ?? [])];
          if (states.some((j) => j.status === 'failed')) return true;
          for (const id of jobIds) if (await retried(id)) return true;
          return false;
        },
        120_000,
        500,
      );
    } finally {
      await temporal.close();
    }
    const restartMs = await stack.s3.start();
    const up = Date.now();
    const after = await queueReport(stack, apiKey, 'After');
    jobIds.push(after);
    const counts = await jobsFinished(stack, jobIds, 300_000);
    await until('the stored PDF to download again', async () => (await download()).status === 200, 60_000, 500);
    const recoveryMs = Date.now() - up;
    const afterState = (await jobStates(stack, [after]))!.get(after)!.status;
    progress(
      `MinIO up in ${seconds(restartMs)}; ${counts.succeeded} reports succeeded, ${counts.failed} failed (refunded); the report queued after: ${afterState}`,
    );
    if (afterState !== 'succeeded') throw new Error('a report queued once the store was back did not succeed');
    return {
      accountIds: [accountId],
      recoveryMs,
      recoveredWhen: 'every report has finished, one queued after the restart succeeded, and the stored PDF downloads again',
      facts: [
        `MinIO start ${seconds(restartMs)}`,
        `${counts.succeeded} succeeded, ${counts.failed} failed and refunded of ${jobIds.length}`,
      ],
    };
  },
};
