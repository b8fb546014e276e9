import { until } from '../processes';
import { jobsFinished, jobStates, queueReport, Scenario, seconds } from '../scenario';

/**
 * kill -9 of the worker (and its Chromium) while it renders PDF reports, then the worker started
 * again: the render attempts time out on their heartbeat and run again; no report is lost or charged twice.
 */
export const workerKill: Scenario = {
  name: 'worker-kill',
  title: 'kill -9 the worker during a render, start it again',
  async run(stack, progress) {
    const { accountId, apiKey } = await stack.account(200);
    const jobIds: string[] = [];
    for (let i = 0; i < 3; i++) jobIds.push(await queueReport(stack, apiKey, `Chaos ${i}`));
    progress(`queued ${jobIds.length} PDF reports; waiting for one to be rendering`);
    await until(
      'a report in its rendering stage',
      async () => [...((await jobStates(stack, jobIds))?.values() ?? [])].some((j) => j.stage === 'rendering' && j.status === 'running'),
      120_000,
    );
    const states = await jobStates(stack, jobIds);
    progress(
      `kill -9 of the worker (pid ${stack.worker.pid}) with ${[...states!.values()].filter((j) => j.stage === 'rendering').length} report(s) rendering`,
    );
    await stack.worker.kill9();
    const restarted = Date.now();
    const startMs = await stack.worker.start();
    progress(`worker started again in ${seconds(startMs)}; waiting for the reports`);
    const counts = await jobsFinished(stack, jobIds, 240_000);
    const recoveryMs = Date.now() - restarted;
    progress(
      `all ${jobIds.length} reports finished ${seconds(recoveryMs)} after the restart: ${counts.succeeded} succeeded, ${counts.failed} failed`,
    );
    return {
      accountIds: [accountId],
      recoveryMs,
      recoveredWhen: 'every report queued before the kill has finished',
      facts: [`worker start ${seconds(startMs)}`, `${counts.succeeded} succeeded, ${counts.failed} failed of ${jobIds.length}`],
    };
  },
};
