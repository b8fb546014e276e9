import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { ArtifactStore } from '@astro/jobs';
import { ArtifactUrlSigner } from '@astro/jobs';
import { JobId, JobList, JobRecord } from '@astro/contracts';
import { findJob, jobView, JobListFilter, listAccountJobs, StoredArtifact } from '@astro/jobs';
import { ApiError, notFound } from '../http/api-error';
import { Caller } from '../http/caller';
import { ARTIFACT_STORE, CONFIG } from '../platform/platform';

/** Where a verified download link leads: a one-minute presigned S3 URL, or the bytes themselves. */
export type ArtifactDownload = { redirect: string } | { artifact: StoredArtifact; bytes: Buffer };

/** Report jobs as their owner reads them, and their artifacts behind signed links. */
@Injectable()
export class JobsService {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(ARTIFACT_STORE) private readonly artifacts: ArtifactStore,
    private readonly artifactUrls: ArtifactUrlSigner,
  ) {}

  /** The job of the caller's account and mode: a test job asked for with a live key (or the reverse) is not found. */
  async view(caller: Caller, jobId: string): Promise<JobRecord> {
    // A malformed id can name no job: the same 404 as another account's job, which leaks nothing.
    const job = JobId.safeParse(jobId).success ? await findJob(this.db, jobId) : null;
    if (!job || job.account_id !== caller.accountId || job.livemode !== caller.livemode) throw notFound(`job ${jobId}`);
    return jobView(job, this.artifactUrls);
  }

  /**
   * The caller's jobs in the caller's mode (a session acts live): a `livemode` filter naming the
   * other mode lists nothing, as the other mode's jobs are not found one by one either.
   */
  async list(
    caller: Caller,
    query: Omit<JobListFilter, 'createdFrom' | 'createdTo'> & { created_from?: string; created_to?: string },
  ): Promise<JobList> {
    const { created_from: createdFrom, created_to: createdTo, ...filter } = query;
    if (filter.livemode !== undefined && filter.livemode !== caller.livemode) return { jobs: [], next_cursor: null };
    const page = await listAccountJobs(this.db, caller.accountId, {
      ...filter,
      livemode: caller.livemode,
      createdFrom: instantOf(createdFrom),
      createdTo: instantOf(createdTo),
    });
    return { jobs: page.jobs, next_cursor: page.nextCursor };
  }

  async download(link: { jobId: string; name: string; expires: number; signature: string }): Promise<ArtifactDownload> {
    const { jobId, name, expires, signature } = link;
    const job = await findJob(this.db, jobId);
    // Checked against the job's own account, so a link cannot be moved to another tenant's job.
    const verdict = job ? this.artifactUrls.verify(jobId, job.account_id, name, expires, signature) : 'invalid';
    if (verdict === 'invalid') throw new ApiError(403, 'the download link is invalid; take a fresh one from the job record');
    if (verdict === 'expired') throw new ApiError(403, 'the download link has expired; take a fresh one from the job record');
    if (verdict === 'too_long')
      throw new ApiError(403, 'the download link claims a lifetime longer than the maximum; take a fresh one from the job record');
    const stored = job && Object.values(job.artifacts).find((a) => a.key === `${jobId}/${name}`);
    if (!stored) throw notFound('artifact');
    // With S3 and presigned downloads the bytes come straight from the bucket: a one-minute link.
    const store = this.config.artifactStore;
    if (store.kind === 's3' && store.presignedDownloads) {
      const direct = await this.artifacts.directDownloadUrl(stored.key, 60);
      if (direct) return { redirect: direct };
    }
    const bytes = await this.artifacts.get(stored.key);
    if (!bytes) throw notFound('artifact');
    return { artifact: stored, bytes };
  }
}

/** A period bound as an instant: a bare date is UTC midnight, whatever the database session's zone. */
const instantOf = (bound: string | undefined) => (bound && bound.length === 10 ? `${bound}T00:00:00Z` : bound);
