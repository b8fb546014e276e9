import { Body, Controller, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyKeyHeader, JobId, ROUTES } from '@astro/contracts';
import { assertSupportedInstant } from '@astro/ephemeris';
import { findJob, jobView } from '@astro/jobs';
import { ApiError, notFound } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { JobQueueService } from '../jobs/job-queue.service';
import { Platform, PLATFORM } from '../platform';

@Controller()
export class JobsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform, private readonly queue: JobQueueService) {}

  @Endpoint(ROUTES.queuePipelineProbe)
  async queuePipelineProbe(
    @Req() request: FastifyRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ) {
    const input = parseInput(ROUTES.queuePipelineProbe.body, body, 'body');
    // Checked before queueing: a moment outside the ephemeris is the caller's 400, never charged.
    assertSupportedInstant(new Date(input.dt), 'dt');
    const key = idempotencyKey === undefined ? undefined : parseInput(IdempotencyKeyHeader, idempotencyKey, 'header');
    const { handle } = await this.queue.queue({
      principal: request.principal!,
      requestId: String(request.id),
      operation: 'pipeline_probe',
      kind: 'pipeline_probe',
      workflowType: 'pipelineProbeWorkflow',
      workflowInput: (jobId) => ({ jobId, dt: input.dt }),
      idempotencyKey: key,
      body: input,
    });
    return handle;
  }

  @Endpoint(ROUTES.getJob)
  async getJob(@Req() request: FastifyRequest, @Param('job_id') jobId: string) {
    // A malformed id can name no job: the same 404 as another account's job, which leaks nothing.
    const job = JobId.safeParse(jobId).success ? await findJob(this.platform.db, jobId) : null;
    if (!job || job.account_id !== request.principal!.accountId) throw notFound(`job ${jobId}`);
    return jobView(job, this.platform.artifactUrls);
  }

  @Endpoint(ROUTES.downloadArtifact)
  async downloadArtifact(@Param() params: unknown, @Query() query: unknown, @Res() reply: FastifyReply) {
    const { job_id: jobId, name } = parseInput(ROUTES.downloadArtifact.params, params, 'path');
    const { expires, signature } = parseInput(ROUTES.downloadArtifact.query, query, 'query');
    const job = await findJob(this.platform.db, jobId);
    // Checked against the job's own account, so a link cannot be moved to another tenant's job.
    const verdict = job ? this.platform.artifactUrls.verify(jobId, job.account_id, name, expires, signature) : 'invalid';
    if (verdict === 'invalid') throw new ApiError(403, 'the download link is invalid; take a fresh one from the job record');
    if (verdict === 'expired') throw new ApiError(403, 'the download link has expired; take a fresh one from the job record');
    if (verdict === 'too_long') throw new ApiError(403, 'the download link claims a lifetime longer than the maximum; take a fresh one from the job record');
    const stored = job && Object.values(job.artifacts).find((a) => a.key === `${jobId}/${name}`);
    if (!stored) throw notFound('artifact');
    // With S3 and presigned downloads the bytes come straight from the bucket: a one-minute link.
    const store = this.platform.config.artifactStore;
    if (store.kind === 's3' && store.presignedDownloads) {
      const direct = await this.platform.artifacts.directDownloadUrl(stored.key, 60);
      if (direct) return reply.header('Cache-Control', 'no-store').redirect(direct, 302);
    }
    const bytes = await this.platform.artifacts.get(stored.key);
    if (!bytes) throw notFound('artifact');
    // A hosted reading page is shown in the browser, sandboxed: it may show its own inline styles
    // and embedded images and nothing else (no script, no fetch, no frame).
    const hostedPage = stored.content_type.startsWith('text/html');
    if (hostedPage) {
      void reply.header('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; sandbox");
      void reply.header('X-Content-Type-Options', 'nosniff');
    }
    return reply
      .header('Content-Type', stored.content_type)
      .header('Content-Disposition', `${hostedPage ? 'inline' : 'attachment'}; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  }
}
