import { InsufficientCreditsError, retryJob, RetryRefusedError } from '@astro/jobs';
import { CommandContext } from '../command';
import { jobIdArgument } from '../flags';
import { OPERATOR } from '../operator';
import { withTemporal } from '../temporal';

export async function run({ db, positional }: CommandContext): Promise<void> {
  const jobId = jobIdArgument(positional);
  try {
    const result = await withTemporal((client, namespace) => retryJob(db, client, namespace, jobId, { ...OPERATOR, reason: 'jobs:retry' }));
    const charge =
      result.recharged > 0
        ? `the refund of ${result.recharged} credits charged back (balance ${result.balance})`
        : 'nothing to charge back';
    console.log(`job ${jobId} retried as attempt ${result.attempt}: new workflow run ${result.runId}; ${charge}`);
  } catch (err) {
    if (err instanceof InsufficientCreditsError)
      throw new Error(`job ${jobId} not retried: the account cannot pay its price again (${err.required} credits); grant credits first`);
    if (err instanceof RetryRefusedError) throw new Error(`job ${jobId} not retried: ${err.message}`);
    throw err;
  }
}
