import { JobRecord } from '@astro/contracts';
import { ArtifactUrlSigner } from './artifact-store';
import { JobRow } from './job-ledger';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The public job record, with a freshly signed download link per artifact. */
export function jobView(job: JobRow, signer: ArtifactUrlSigner): JobRecord {
  const artifacts: JobRecord['artifacts'] = {};
  for (const [name, stored] of Object.entries(job.artifacts)) {
    const fileName = stored.key.split('/')[1];
    const link = signer.sign(job.id, job.account_id, fileName);
    artifacts[name] = {
      status: 'ready',
      url: link.url,
      valid_for_seconds: link.validForSeconds,
      content_type: stored.content_type,
      bytes: stored.bytes,
    };
  }
  return {
    job_id: job.id,
    livemode: job.livemode,
    kind: job.kind,
    status: job.status,
    stage: job.stage,
    created_at: iso(job.created_at)!,
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
    credits_charged: job.credits_charged,
    credits_refunded: job.credits_refunded,
    error_code: job.error_code,
    error_message: job.error_message,
    artifacts,
    warnings: job.warnings,
  };
}
