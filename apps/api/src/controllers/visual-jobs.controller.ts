import { Body, Controller, Headers, Inject, Param, Req } from '@nestjs/common';
import { WorkflowNotFoundError } from '@temporalio/client';
import { FastifyRequest } from 'fastify';
import { FaceJobRequest, IdempotencyKeyHeader, PalmJobRequest, PricedOperation, ROUTES, VisualJobId, VisualJobQueued } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { findJob, markJobErased } from '@astro/jobs';
import { BrandingFields, resolveBranding } from '@astro/rendering';
import { advanceUpload, UploadRow } from '@astro/visual';
import { VisualImageInput, VisualReadingWorkflowInput } from '@astro/workflows';
import { actorOf } from '../auth/principal';
import { badRequest, notFound } from '../http/api-error';
import { checkBrandProfile, checkPalmUploads, faceClaims, palmClaims, UploadClaim, uploadProblem } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { JobQueueService } from '../jobs/job-queue.service';
import { visualJobView } from '../jobs/visual-job-view';
import { Platform, PLATFORM } from '../platform';

/** Palm and face readings: queue (charge, claim the uploads, start the workflow), poll, delete. */
@Controller()
export class VisualJobsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform, private readonly queue: JobQueueService) {}

  @Endpoint(ROUTES.queuePalmReading)
  async palm(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queuePalmReading.body, body, 'body') as PalmJobRequest;
    checkPalmUploads(input);
    const hands = input.capture_handedness;
    const images: VisualImageInput[] = [
      { slot: 'left', uploadId: input.left_upload_id, declaredHand: hands.left_upload },
      { slot: 'right', uploadId: input.right_upload_id, declaredHand: hands.right_upload },
    ];
    return this.queueReading(request, idempotencyKey, 'palm', input, images, hands.mirrored_preview, palmClaims(input));
  }

  @Endpoint(ROUTES.queueFaceReading)
  async face(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queueFaceReading.body, body, 'body') as FaceJobRequest;
    const images: VisualImageInput[] = [{ slot: 'face', uploadId: input.upload_id }];
    return this.queueReading(request, idempotencyKey, 'face', input, images, false, faceClaims(input));
  }

  private async queueReading(
    request: FastifyRequest,
    rawKey: string | undefined,
    family: 'face' | 'palm',
    input: PalmJobRequest | FaceJobRequest,
    images: VisualImageInput[],
    mirrored: boolean,
    claims: UploadClaim[],
  ): Promise<VisualJobQueued> {
    const principal = request.principal!;
    const key = rawKey === undefined ? undefined : parseInput(IdempotencyKeyHeader, rawKey, 'header');
    const profile = await checkBrandProfile({ db: this.platform.db, accountId: principal.accountId }, input.brand_profile_id);
    const branding = resolveBranding((profile?.branding as BrandingFields | undefined) ?? null, undefined);
    const operation = `visual_${family}_${input.sku}` as PricedOperation;
    const uploadIds = Object.fromEntries(images.map((i) => [i.slot, i.uploadId]));
    const { queued, replayed } = await this.queue.queue({
      principal,
      requestId: String(request.id),
      operation,
      idempotencyScope: `visual_${family}`,
      idKind: 'visualJob',
      kind: `visual_${family}`,
      workflowType: 'visualReadingWorkflow',
      workflowInput: (jobId): VisualReadingWorkflowInput & Record<string, unknown> => ({
        jobId, family, images, mirrored, sku: input.sku, locale: input.locale, subjectLabel: input.subject_label, branding,
      }),
      idempotencyKey: key,
      body: input,
      extra: { family, sku: input.sku, locale: input.locale, subject_label: input.subject_label, upload_ids: uploadIds },
      // Inside the charging transaction: a request whose uploads cannot be used is refused and charges nothing.
      reserve: (tx, jobId) => this.claimUploads(tx, principal.accountId, claims, jobId),
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
      const [upload] = await tx.query<UploadRow>(`SELECT id, account_id, kind, status FROM visual_uploads WHERE id = $1 FOR UPDATE`, [claim.uploadId]);
      const problem = uploadProblem(upload, accountId, claim.kind);
      if (problem) throw badRequest(`invalid body: ${claim.field}: ${problem}`);
      await advanceUpload(tx, claim.uploadId, 'completed', 'used', { used_by: jobId });
    }
  }

  private async ownJob(request: FastifyRequest, jobId: string) {
    const job = VisualJobId.safeParse(jobId).success ? await findJob(this.platform.db, jobId) : null;
    if (!job || job.account_id !== request.principal!.accountId || job.erased_at) throw notFound(`visual-reading job ${jobId}`);
    return job;
  }

  @Endpoint(ROUTES.getVisualReadingJob)
  async get(@Req() request: FastifyRequest, @Param('jobId') jobId: string) {
    return visualJobView(await this.ownJob(request, jobId), this.platform.artifactUrls);
  }

  /**
   * Stops the workflow first (so no step writes after the erase), records the erasure, then deletes
   * the job's artifacts and its photos. Terminate rather than cancel: the owner asked for the job
   * to be gone, so there is nothing left for a cancellation handler to finish.
   */
  @Endpoint(ROUTES.deleteVisualReadingJob)
  async remove(@Req() request: FastifyRequest, @Param('jobId') jobId: string): Promise<void> {
    const job = await this.ownJob(request, jobId);
    if (job.status === 'queued' || job.status === 'running') {
      try {
        await this.platform.temporal.client.workflow.getHandle(jobId).terminate('deleted by its owner');
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError) && !/already completed|not found/i.test((err as Error).message)) throw err;
      }
    }
    await markJobErased(this.platform.db, jobId, { request_id: String(request.id), actor: actorOf(request.principal!) });
    await this.platform.artifacts.deleteOwner(jobId);
    for (const uploadId of Object.values(job.upload_ids ?? {})) {
      await advanceUpload(this.platform.db, uploadId, 'used', 'deleted');
      await this.platform.artifacts.deleteOwner(uploadId);
    }
  }
}
