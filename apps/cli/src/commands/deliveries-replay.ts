import { loadConfig } from '@astro/config';
import { replayDeliveries } from '@astro/delivery';
import { webhookDeliveryWorkflow } from '@astro/workflows';
import { CommandContext } from '../command';
import { dateFlag } from '../date-flag';
import { OPERATOR } from '../operator';
import { withTemporal } from '../temporal';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const since = dateFlag(f, 'since');
  const config = loadConfig();
  const lines = await withTemporal((client) =>
    replayDeliveries(
      {
        db,
        client,
        taskQueue: config.temporal.deliveryTaskQueue,
        retrySchedule: config.webhookRetrySchedule,
        workflow: webhookDeliveryWorkflow,
      },
      { since, accountId: f.account },
      OPERATOR,
    ),
  );
  for (const line of lines) {
    console.log(
      `${line.delivery_id}  ${line.account_id}  ${line.event_type}  ${line.event_id}  ${line.attempt !== null ? `replayed as attempt ${line.attempt}` : `skipped: ${line.skipped}`}`,
    );
  }
  const replayed = lines.filter((l) => l.attempt !== null).length;
  console.log(
    `${replayed} deliver${replayed === 1 ? 'y' : 'ies'} replayed, ${lines.length - replayed} skipped (exhausted since ${since.toISOString()}${f.account ? ` for ${f.account}` : ''})`,
  );
}
