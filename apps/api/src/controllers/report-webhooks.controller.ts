import { Controller, Param, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { subscriptionsController } from '../delivery/subscriptions.controller';
import { reportAttemptView } from '../delivery/views';
import { Endpoint } from '../http/endpoint.decorator';

/** Report webhooks: subscriptions to `report.completed`, their delivery attempts and redelivery. */
@Controller()
export class ReportWebhooksController extends subscriptionsController({
  name: 'ReportWebhook',
  kind: 'report',
  subjectFilter: (q) => ({ reportJobId: q.report_job_id as string | undefined }),
  attemptView: reportAttemptView,
}) {
  @Endpoint(ROUTES.retryReportWebhookDelivery)
  async retry(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.subscriptions.retry(request.principal!, String(request.id), ['report'], id);
  }
}
