import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { ArtifactStore } from '@astro/jobs';
import { ArtifactUrlSigner } from '@astro/jobs';
import { WorkflowNotFoundError } from '@temporalio/client';
import { FaceJobRequest, PalmJobRequest, PricedOperation, VisualJobId, VisualJobPoll, VisualJobQueued } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { findJob, JobRow, markJobErased } from '@astro/jobs';
import { eraseDeliveryPayloadsAbout } from '@astro/delivery';
import { advanceUpload, UploadRow } from '@astro/visual';
import { type VisualImageInput, visualReadingWorkflow } from '@astro/workflows';
import { BrandProfilesService } from '../accounts/brand-profiles.service';
import { Caller } from '../http/caller';
import { badRequest, notFound } from '../http/api-error';
import { UploadClaim, uploadProblem } from './checks';
import { ARTIFACT_STORE, TEMPORAL, TemporalHandle } from '../platform/platform';
import { JobQueueService, JobRequester } from '../jobs/job-queue.service';
import { visualJobView } from './visual-job-view';
import { eventMetadataOf } from '../http/request-ids';

/** What a palm or face request asks for, after its body is parsed. */
export interface VisualReadingRequest {
  family: 'face' | 'palm';
  input: PalmJobRequest | FaceJobRequest;
  images: VisualImageInput[];
  mirrored: boolean;
  claims: UploadClaim[];
}

/** Palm and face readings: queue (charge, claim the uploads, start the workflow), poll, erase. */
@Injectable()
export class VisualJobsService {
  constructor(
    private readonly db: Database,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
    @Inject(ARTIFACT_STORE) private readonly artifacts: ArtifactStore,
    private readonly artifactUrls: ArtifactUrlSigner,
    private readonly jobs: JobQueueService,
    private readonly profiles: BrandProfilesService,
  ) {}

  async queue(requester: JobRequester, reading: VisualReadingRequest): Promise<VisualJobQueued> {
    const { family, input, images, mirrored, claims } = reading;
    const accountId = requester.caller.accountId;
    const branding = await this.profiles.jobBranding(accountId, input.brand_profile_id);
    const operation = `visual_${family}_${input.sku}` as PricedOperation;
    const uploadIds = Object.fromEntries(images.map((i) => [i.slot, i.uploadId]));
    const { queued, replayed } = await this.jobs.queue({
      ...requester,
      operation,
      idempotencyScope: `visual_${family}`,
      idKind: 'visualJob',
      kind: `visual_${family}`,
      workflow: visualReadingWorkflow,
      workflowInput: (jobId) => ({
        jobId,
        family,
        images,
        mirrored,
        sku: input.sku,
        locale: input.locale,
        subjectLabel: input.subject_label,
        branding,
        livemode: requester.caller.livemode,
      }),
      body: input,
      extra: { family, sku: input.sku, locale: input.locale, subject_label: input.subject_label, upload_ids: uploadIds },
      // Inside the charging transaction: a request whose uploads cannot be used is refused and charges nothing.
      reserve: (tx, jobId) => this.claimUploads(tx, accountId, claims, jobId),
    });
    return {
      job_id: queued.jobId,
      status: 'queued',
      credits_charged: queued.creditsCharged,
      credits_remaining: queued.creditsRemaining,
      unlimited_credits: false,
      replayed,
      poll: `/api/v3/visual-readings/jobs/${queued.jobId}`,
    };
  }

  /** Each upload must be this account's, completed and of the slot's kind; it becomes the job's. */
  private async claimUploads(tx: Queryable, accountId: string, claims: UploadClaim[], jobId: string): Promise<void> {
    for (const claim of claims) {
      const [upload] = await tx.query<UploadRow>(`SELECT id, account_id, kind, status FROM visual_uploads WHERE id = $1 FOR UPDATE`, [
        claim.uploadId,
      ]);
      const problem = uploadProblem(upload, accountId, claim.kind);
      if (problem) throw badRequest(`invalid body: ${claim.field}: ${problem}`);
      await advanceUpload(tx, claim.uploadId, 'completed', 'used', { used_by: jobId });
    }
  }

  /** The caller's job of its own mode: a test job asked for with a live key (or the reverse) is not found. */
  private async ownJob({ accountId, livemode }: { accountId: string; livemode: boolean }, jobId: string): Promise<JobRow> {
    const job = VisualJobId.safeParse(jobId).success ? await findJob(this.db, jobId) : null;
    if (!job || job.account_id !== accountId || job.livemode !== livemode || job.erased_at) throw notFound(`visual-reading job ${jobId}`);
    return job;
  }

  async view(caller: Caller, jobId: string): Promise<VisualJobPoll> {
    return visualJobView(await this.ownJob(caller, jobId), this.artifactUrls);
  }

  /**
   * Stops the workflow first (so no step writes after the erase), records the erasure (a job that
   * had not finished ends failed and is refunded once, in the same transaction: docs/finance.md),
   * then deletes the job's artifacts and its photos. Terminate rather than cancel: the owner asked
   * for the job to be gone, so there is nothing left for a cancellation handler to finish.
   */
  async erase(caller: Caller, jobId: string): Promise<void> {
    const metadata = eventMetadataOf(caller);
    const job = await this.ownJob(caller, jobId);
    if (job.status === 'queued' || job.status === 'running') {
      try {
        await this.temporal.client.workflow.getHandle(jobId).terminate('deleted by its owner');
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError) && !/already completed|not found/i.test((err as Error).message)) throw err;
      }
    }
    // The reading's label and the bodies of its webhooks go with it; the log never held them.
    await markJobErased(this.db, jobId, metadata, (tx) => eraseDeliveryPayloadsAbout(tx, jobId));
    await this.artifacts.deleteOwner(jobId);
    for (const uploadId of Object.values(job.upload_ids ?? {})) {
      await advanceUpload(this.db, uploadId, 'used', 'deleted');
      await this.artifacts.deleteOwner(uploadId);
    }
  }
}
