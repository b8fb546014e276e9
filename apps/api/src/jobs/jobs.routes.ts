import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { assertSupportedInstant } from '@astro/ephemeris';
import { pipelineProbeWorkflow } from '@astro/workflows';
import { Call, Route } from '../http/route';
import { JobQueueService } from './job-queue.service';
import { jobRequester } from './job-requester';
import { JobsService } from './jobs.service';

@Injectable()
export class JobsRoutes {
  constructor(
    private readonly queue: JobQueueService,
    private readonly jobs: JobsService,
  ) {}

  // Checked before queueing: a moment outside the ephemeris is the caller's 400, never charged.
  @Route(ROUTES.queuePipelineProbe, ({ body }) => assertSupportedInstant(new Date(body.dt), 'dt'))
  async queuePipelineProbe({ caller, request, body: input }: Call<typeof ROUTES.queuePipelineProbe>) {
    const { handle } = await this.queue.queue({
      ...jobRequester(caller, request),
      operation: 'pipeline_probe',
      kind: 'pipeline_probe',
      workflow: pipelineProbeWorkflow,
      workflowInput: (jobId) => ({ jobId, dt: input.dt }),
      body: input,
    });
    return handle;
  }

  @Route(ROUTES.listJobs)
  async listJobs({ caller, query }: Call<typeof ROUTES.listJobs>) {
    return this.jobs.list(caller, query);
  }

  @Route(ROUTES.getJob)
  async getJob({ caller, params: { job_id: jobId } }: Call<typeof ROUTES.getJob>) {
    return this.jobs.view(caller, jobId);
  }

  @Route(ROUTES.downloadPdfArtifact)
  downloadPdfArtifact({ params, query, reply }: Call<typeof ROUTES.downloadPdfArtifact>) {
    return this.download(`${params.name}.pdf`, params.job_id, query, reply);
  }

  @Route(ROUTES.downloadHtmlArtifact)
  downloadHtmlArtifact({ params, query, reply }: Call<typeof ROUTES.downloadHtmlArtifact>) {
    return this.download(`${params.name}.html`, params.job_id, query, reply);
  }

  @Route(ROUTES.downloadJsonArtifact)
  downloadJsonArtifact({ params, query, reply }: Call<typeof ROUTES.downloadJsonArtifact>) {
    return this.download(`${params.name}.json`, params.job_id, query, reply);
  }

  /** The bytes behind a signed link (its file name is what was signed), or the bucket's redirect. */
  private async download(
    name: string,
    jobId: string,
    { expires, signature }: Call<typeof ROUTES.downloadPdfArtifact>['query'],
    reply: Call<typeof ROUTES.downloadPdfArtifact>['reply'],
  ) {
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
