import { jobDossier } from '@astro/jobs';
import { CommandContext } from '../command';
import { jobIdArgument } from '../flags';
import { withTemporal } from '../temporal';

/** The Temporal Web UI of the operators (TEMPORAL_UI_URL, the dev server's by default). */
const temporalUi = () => (process.env.TEMPORAL_UI_URL || 'http://127.0.0.1:8233').replace(/\/+$/, '');

export async function run({ db, positional }: CommandContext): Promise<void> {
  const jobId = jobIdArgument(positional);
  const dossier = await jobDossier(db, jobId);
  if (!dossier) throw new Error(`no job ${jobId}`);
  const { job, events, credits } = dossier;
  console.log(`job      ${job.id}  ${job.kind}  account ${job.account_id}`);
  console.log(`status   ${job.status}  stage ${job.stage}${job.error_code ? `  error ${job.error_code}: ${job.error_message}` : ''}`);
  console.log(`credits  charged ${job.credits_charged}  refunded ${job.credits_refunded}`);
  await withTemporal(async (client, namespace) => {
    try {
      const described = await client.workflow.getHandle(jobId).describe();
      console.log(
        `temporal ${described.status.name}  run ${described.runId}  started ${described.startTime.toISOString()}${described.closeTime ? `  closed ${described.closeTime.toISOString()}` : ''}`,
      );
    } catch (err) {
      console.log(`temporal unknown (${(err as Error).message.split('\n')[0]})`);
    }
    console.log(`history  ${temporalUi()}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(jobId)}`);
  });
  console.log('\nevents');
  for (const e of events)
    console.log(`  ${e.recordedAtIso}  v${String(e.streamVersion).padEnd(3)} ${e.type.padEnd(24)} ${JSON.stringify(e.payload)}`);
  console.log('\ncharges and refunds');
  for (const e of credits) {
    console.log(
      `  ${e.recordedAtIso}  #${e.position}  ${e.type.padEnd(16)} ${String(e.payload.amount).padStart(6)}  ${[e.payload.operation, e.payload.reason, e.metadata.request_id].filter(Boolean).join('  ')}`,
    );
  }
}
