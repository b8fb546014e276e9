import { Body, Controller, Headers, Param, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { assertSupportedInstant } from '@astro/ephemeris';
import { pipelineProbeWorkflow } from '@astro/workflows';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { jobRequester, JobQueueService } from '../jobs/job-queue.service';
import { JobsService } from '../jobs/jobs.service';

@Controller()
export class JobsController {
  constructor(
    private readonly queue: JobQueueService,
    private readonly jobs: JobsService,
  ) {}

  @Endpoint(ROUTES.queuePipelineProbe)
  async queuePipelineProbe(
    @Req() request: FastifyRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ) {
    const input = parseInput(ROUTES.queuePipelineProbe.body, body, 'body');
    // Checked before queueing: a moment outside the ephemeris is the caller's 400, never charged.
    assertSupportedInstant(new Date(input.dt), 'dt');
    const { handle } = await this.queue.queue({
      ...jobRequester(request, idempotencyKey),
      operation: 'pipeline_probe',
      kind: 'pipeline_probe',
      workflow: pipelineProbeWorkflow,
      workflowInput: (jobId) => ({ jobId, dt: input.dt }),
      body: input,
    });
    return handle;
  }

  @Endpoint(ROUTES.getJob)
  async getJob(@Req() request: FastifyRequest, @Param('job_id') jobId: string) {
    return this.jobs.view(request.principal!.accountId, jobId);
  }

  @Endpoint(ROUTES.downloadArtifact)
  async downloadArtifact(@Param() params: unknown, @Query() query: unknown, @Res() reply: FastifyReply) {
    const { job_id: jobId, name } = parseInput(ROUTES.downloadArtifact.params, params, 'path');
    const { expires, signature } = parseInput(ROUTES.downloadArtifact.query, query, 'query');
    const download = await this.jobs.download({ jobId, name, expires, signature });
    if ('redirect' in download) return reply.header('Cache-Control', 'no-store').redirect(download.redirect, 302);
    const { artifact: stored, bytes } = download;
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
