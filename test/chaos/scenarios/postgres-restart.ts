import { until } from '../processes';
import { jobsFinished, planets, queueProbe, Scenario, seconds } from '../scenario';

const CLIENTS = 8;

/**
 * PostgreSQL (the run's embedded server) stopped and started while 8 clients keep sending priced
 * calls, so group-committed charge flushes are in progress when the server goes: calls answer 503
 * meanwhile, and afterwards every 2xx has exactly one charge and no charge lacks its 2xx.
 */
export const postgresRestart: Scenario = {
  name: 'postgres-restart',
  title: `restart PostgreSQL during charge flushes (${CLIENTS} clients)`,
  async run(stack, progress) {
    const { accountId, apiKey } = await stack.account(100_000);
    const before = [];
    for (let i = 0; i < 5; i++) before.push(await queueProbe(stack, apiKey, 600 + i));
    const jobIds = before.filter((c) => c.status === 202).map((c) => c.body.job_id as string);
    let running = true;
    let minute = 0;
    const load = Array.from({ length: CLIENTS }, async () => {
      while (running) await planets(stack, apiKey, minute++);
    });
    const ok = () => stack.client.calls.filter((c) => c.charged && c.status === 200).length;
    try {
      await until('200 charged calls under load', () => ok() >= 200, 120_000, 100);
      progress(`${ok()} charged calls answered; stopping PostgreSQL under load`);
      await stack.stopPostgres();
      const down = stack.client.calls.length;
      await until(
        'the API to answer 503 while PostgreSQL is down',
        () => stack.client.calls.slice(down).filter((c) => c.status === 503).length >= 20,
        60_000,
        100,
      );
      progress('the API answers 503 meanwhile; starting PostgreSQL again');
      const started = Date.now();
      await stack.startPostgres();
      const up = Date.now();
      const startMs = up - started;
      const after = stack.client.calls.length;
      await until('a charged call to succeed again', () => stack.client.calls.slice(after).some((c) => c.status === 200), 120_000, 100);
      const recoveryMs = Date.now() - up;
      const countAtRecovery = ok();
      await until('200 more charged calls after the restart', () => ok() >= countAtRecovery + 200, 120_000, 100);
      running = false;
      await Promise.all(load);
      const counts = await jobsFinished(stack, jobIds, 120_000);
      const statuses = new Map<number, number>();
      for (const c of stack.client.calls) statuses.set(c.status, (statuses.get(c.status) ?? 0) + 1);
      const summary = [...statuses].map(([s, n]) => `${n} × ${s}`).join(', ');
      progress(`charged calls again ${seconds(recoveryMs)} after PostgreSQL was up (its start: ${seconds(startMs)}); answers: ${summary}`);
      return {
        accountIds: [accountId],
        recoveryMs,
        recoveredWhen: 'a priced call answers 200 again after the server is up',
        facts: [
          `server start ${seconds(startMs)}`,
          `answers: ${summary}`,
          `${counts.succeeded} of ${jobIds.length} jobs queued before succeeded`,
        ],
      };
    } finally {
      running = false;
      await Promise.all(load);
    }
  },
};
