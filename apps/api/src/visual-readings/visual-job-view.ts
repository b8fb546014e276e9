import { VisualJobPoll } from '@astro/contracts';
import { ArtifactUrlSigner, JobRow } from '@astro/jobs';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const ARTIFACTS = ['json', 'hosted', 'pdf'] as const;

/**
 * The poll response: the job and its three artifacts. An artifact the sku does not include says
 * `not_included`; one not produced yet says `pending` (or `failed` when the job failed first).
 */
export function visualJobView(job: JobRow, signer: ArtifactUrlSigner): VisualJobPoll {
  const sku = job.sku as VisualJobPoll['job']['sku'];
  const included = (name: (typeof ARTIFACTS)[number]) => name === 'json' || sku !== 'json';
  const artifacts = {} as VisualJobPoll['artifacts'];
  for (const name of ARTIFACTS) {
    const stored = job.artifacts[name];
    if (stored) {
      const link = signer.sign(job.id, job.account_id, stored.key.split('/')[1]);
      artifacts[name] = { status: 'ready', url: link.url, valid_for_seconds: link.validForSeconds };
    } else {
      const status = !included(name) ? 'not_included' : job.status === 'failed' ? 'failed' : 'pending';
      artifacts[name] = { status, url: null, valid_for_seconds: 0 };
    }
  }
  return {
    job: {
      id: job.id,
      family: job.family as VisualJobPoll['job']['family'],
      sku,
      locale: job.locale as VisualJobPoll['job']['locale'],
      subject_label: job.subject_label ?? '',
      status: job.status,
      credits: job.credits_charged,
      credits_refunded: job.credits_refunded,
      stage: job.stage,
      error_code: job.error_code,
      error_message: job.error_message,
      created_at: iso(job.created_at)!,
      started_at: iso(job.started_at),
      finished_at: iso(job.finished_at),
    },
    artifacts,
  };
}
