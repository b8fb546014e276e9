import { until } from '../processes';
import { jobsFinished, planets, queueProbe, queueReportCall, Scenario, seconds } from '../scenario';

const IN_FLIGHT = 50;

/**
 * The Temporal dev server stopped and started again on its SQLite state with 50 jobs in flight:
 * meanwhile queueing answers 503 (charging nothing) and synchronous calls keep working; afterwards
 * every job finishes once, from the persisted histories.
 */
export const temporalRestart: Scenario = {
  name: 'temporal-restart',
  title: `restart the Temporal dev server (persisted state) with ${IN_FLIGHT} jobs in flight`,
  async run(stack, progress) {
    const { accountId, apiKey } = await stack.account(1_000);
    // One burst, as a client sending a batch would: 40 probes and 10 PDF reports (which take longer).
    // A 503 (the API's database pool busy past its 3 s wait on a loaded machine) is retried, as a client would.
    let refusedInBurst = 0;
    const queueOne = async (i: number): Promise<string> => {
      for (;;) {
        const c = i % 5 === 4 ? await queueReportCall(stack, apiKey, `Burst ${i}`) : await queueProbe(stack, apiKey, i);
        if (c.status === 202) return c.body.job_id as string;
        if (c.status !== 503) throw new Error(`queueing answered ${c.status}: ${JSON.stringify(c.body)}`);
        refusedInBurst++;
      }
    };
    const jobIds = await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => queueOne(i)));
    const states = await stack.db.query<{ status: string }>(`SELECT status FROM jobs WHERE id = ANY($1)`, [jobIds]);
    const unfinished = states.filter((s) => s.status !== 'succeeded' && s.status !== 'failed').length;
    progress(`${IN_FLIGHT} jobs queued (${refusedInBurst} answers 503 retried), ${unfinished} unfinished; stopping the Temporal server`);
    await stack.temporal.stop();

    // While it is down: queueing is refused with a 503 and charges nothing; calculations still answer.
    const refused = await queueProbe(stack, apiKey, 400);
    const sync = await planets(stack, apiKey, 1);
    const health = await stack.client.get('/health');
    progress(`while down: queueing ${refused.status}, /v1/planets ${sync.status}, /health ${health.status}`);
    if (refused.status !== 503 || sync.status !== 200 || health.status !== 503) {
      throw new Error('while Temporal is down, queueing must answer 503, calculations 200 and /health 503');
    }

    const restartMs = await stack.temporal.start();
    const up = Date.now();
    progress(`Temporal started again in ${seconds(restartMs)} on its SQLite state; waiting for queueing and the ${IN_FLIGHT} jobs`);
    let queueingMs = 0;
    await until(
      'queueing to be accepted again',
      async () => {
        const probe = await queueProbe(stack, apiKey, 500 + stack.client.calls.length);
        if (probe.status === 202) jobIds.push(probe.body.job_id);
        return probe.status === 202;
      },
      120_000,
      500,
    );
    queueingMs = Date.now() - up;
    const counts = await jobsFinished(stack, jobIds, 300_000);
    const recoveryMs = Date.now() - up;
    progress(`queueing again after ${seconds(queueingMs)}; all ${jobIds.length} jobs finished after ${seconds(recoveryMs)}`);
    return {
      accountIds: [accountId],
      recoveryMs,
      recoveredWhen: `every job in flight at the restart (and those queued after) has finished`,
      facts: [
        `${unfinished} of ${IN_FLIGHT} unfinished at the stop (${refusedInBurst} × 503 retried in the burst)`,
        `server start ${seconds(restartMs)}`,
        `queueing accepted again after ${seconds(queueingMs)}`,
        `${counts.succeeded} succeeded, ${counts.failed} failed`,
      ],
    };
  },
};
