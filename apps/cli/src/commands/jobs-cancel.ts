import { cancelJob } from '@astro/jobs';
import { Command } from '../command';
import { jobIdArgument } from '../flags';
import { OPERATOR, withTemporal } from '../operator';

export const jobsCancel: Command = {
  name: 'jobs:cancel',
  usage: 'JOB_ID',
  summary: "terminate the job's workflow, mark it failed (cancelled) and refund its charge once",
  async run({ db, positional }) {
    const jobId = jobIdArgument(positional);
    const result = await withTemporal((client) => cancelJob(db, client, jobId, { ...OPERATOR, reason: 'jobs:cancel' }));
    if (result.outcome === 'already_finished') {
      console.log(`job ${jobId} had already finished (${result.status}); refunded ${result.refunded}, nothing changed`);
    } else {
      console.log(
        `job ${jobId} cancelled: workflow terminated, ${result.alreadyRefunded ? 'already refunded' : 'refunded'} ${result.refunded} credits`,
      );
    }
  },
};
