import { cancelJob } from '@astro/jobs';
import { CommandContext } from '../command';
import { jobIdArgument } from '../flags';
import { OPERATOR } from '../operator';
import { withTemporal } from '../temporal';

export async function run({ db, positional }: CommandContext): Promise<void> {
  const jobId = jobIdArgument(positional);
  const result = await withTemporal((client) => cancelJob(db, client, jobId, { ...OPERATOR, reason: 'jobs:cancel' }));
  if (result.outcome === 'already_finished') {
    console.log(`job ${jobId} had already finished (${result.status}); refunded ${result.refunded}, nothing changed`);
  } else {
    console.log(
      `job ${jobId} cancelled: workflow terminated, ${result.alreadyRefunded ? 'already refunded' : 'refunded'} ${result.refunded} credits`,
    );
  }
}
