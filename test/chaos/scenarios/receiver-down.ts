import { Stack } from '../stack';
import { until } from '../processes';
import { jobsFinished, queueProbe, Scenario, seconds } from '../scenario';

/** The attempts of the deliveries of these jobs, by delivery id. */
async function attemptsOf(stack: Stack, jobIds: string[]) {
  const rows = await stack.db.query<{ id: string; attempt: number; status: string }>(
    `SELECT id, attempt, status FROM webhook_delivery_attempts WHERE report_job_id = ANY($1) ORDER BY id, attempt`,
    [jobIds],
  );
  const byDelivery = new Map<string, { attempt: number; status: string }[]>();
  for (const r of rows) byDelivery.set(r.id, [...(byDelivery.get(r.id) ?? []), r]);
  return byDelivery;
}

/**
 * A webhook receiver down for the whole retry schedule (WEBHOOK_RETRY_SCHEDULE, short for the
 * suite): every attempt is recorded and the deliveries end exhausted; then the receiver is up again,
 * the customer retries one delivery (POST /v1/report-webhooks/deliveries/{id}/retry) and the
 * operator replays the others (`npm run cli -- deliveries:replay`, as its own process).
 */
export const receiverDown: Scenario = {
  name: 'receiver-down',
  title: 'a webhook receiver down for the whole retry schedule, then up for a replay',
  async run(stack, progress) {
    const schedule = stack.options.webhookRetrySchedule.split(',').length;
    const { accountId, apiKey, session } = await stack.customer(50);
    const created = await stack.client.post(
      '/v1/report-webhooks',
      { url: `${stack.receiver.url}/chaos`, events: ['report.completed'], description: 'chaos: down for the schedule' },
      session,
    );
    if (created.status !== 201) throw new Error(`subscribing answered ${created.status}: ${JSON.stringify(created.body)}`);
    await stack.receiver.stop();
    const since = Date.now();
    progress(`receiver down; queueing 3 jobs whose report.completed it cannot take (${schedule} attempts each)`);
    const jobIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const queued = await queueProbe(stack, apiKey, 100 + i);
      if (queued.status !== 202) throw new Error(`queueing answered ${queued.status}`);
      jobIds.push(queued.body.job_id);
    }
    await jobsFinished(stack, jobIds, 120_000);
    await until(
      `${jobIds.length} deliveries exhausted after ${schedule} attempts`,
      async () => {
        const deliveries = await attemptsOf(stack, jobIds);
        return (
          deliveries.size === jobIds.length &&
          [...deliveries.values()].every((a) => a.length === schedule && a.at(-1)!.status === 'exhausted')
        );
      },
      120_000,
      500,
    );
    progress('every delivery exhausted its schedule; receiver up: the customer retries one, the operator replays the rest');
    await stack.receiver.start(stack.receiverPort);
    const up = Date.now();
    const deliveryIds = [...(await attemptsOf(stack, jobIds)).keys()];
    const retried = await stack.client.post(`/v1/report-webhooks/deliveries/${deliveryIds[0]}/retry`, {}, session);
    if (retried.status !== 202) throw new Error(`the customer's retry answered ${retried.status}: ${JSON.stringify(retried.body)}`);
    const replay = await stack.cli(['deliveries:replay', '--since', new Date(since).toISOString(), '--account', accountId]);
    progress(`deliveries:replay: ${replay.trim().split('\n').at(-1)}`);
    if (!replay.includes(`${deliveryIds.length - 1} deliveries replayed`))
      throw new Error(`the replay did not replay the other deliveries:\n${replay}`);
    await until(
      'the replays to be received and recorded as succeeded',
      async () => {
        const deliveries = await attemptsOf(stack, jobIds);
        const received = new Set(stack.receiver.received.map((r) => String(r.headers['webhook-id'])));
        return deliveryIds.every((id) => received.has(id) && deliveries.get(id)!.at(-1)!.status === 'succeeded');
      },
      120_000,
      250,
    );
    const recoveryMs = Date.now() - up;
    progress(`all ${deliveryIds.length} replays delivered ${seconds(recoveryMs)} after the receiver came up`);
    return {
      accountIds: [accountId],
      recoveryMs,
      recoveredWhen: 'every replayed delivery is received and recorded as succeeded',
      facts: [`${deliveryIds.length} deliveries × ${schedule} failed attempts, then 1 retry and ${deliveryIds.length - 1} replays`],
    };
  },
};
