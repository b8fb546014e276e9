import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { SubscriptionsService } from '../delivery/subscriptions.service';
import { encodeCursor, reportAttemptView } from '../delivery/views';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** Report webhooks: subscriptions to `report.completed`, their delivery attempts and redelivery. */
@Controller()
export class ReportWebhooksController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Endpoint(ROUTES.createReportWebhook)
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.createReportWebhook.body, body, 'body');
    return this.subscriptions.create(request.principal!, String(request.id), 'report', input);
  }

  @Endpoint(ROUTES.listReportWebhooks)
  async list(@Req() request: FastifyRequest, @Query() query: unknown) {
    return this.subscriptions.list(request.principal!, 'report', parseInput(ROUTES.listReportWebhooks.query, query, 'query'));
  }

  @Endpoint(ROUTES.listReportWebhookDeliveries)
  async deliveries(@Req() request: FastifyRequest, @Query() query: unknown) {
    const q = parseInput(ROUTES.listReportWebhookDeliveries.query, query, 'query');
    const page = await this.subscriptions.attempts(
      {
        accountId: request.principal!.accountId,
        kinds: ['report'],
        status: q.status,
        subscriptionId: q.subscription_id,
        reportJobId: q.report_job_id,
        deliveryId: q.delivery_id,
      },
      q,
    );
    return { deliveries: page.rows.map(reportAttemptView), next_cursor: encodeCursor(page.nextBefore) };
  }

  @Endpoint(ROUTES.retryReportWebhookDelivery)
  async retry(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.subscriptions.retry(request.principal!, String(request.id), ['report'], id);
  }

  @Endpoint(ROUTES.getReportWebhook)
  async get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.subscriptions.get(request.principal!, 'report', id);
  }

  @Endpoint(ROUTES.updateReportWebhook)
  async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    const changes = parseInput(ROUTES.updateReportWebhook.body, body, 'body');
    return this.subscriptions.update(request.principal!, String(request.id), 'report', id, changes);
  }

  @Endpoint(ROUTES.deleteReportWebhook)
  async remove(@Req() request: FastifyRequest, @Param('id') id: string) {
    await this.subscriptions.remove(request.principal!, String(request.id), 'report', id);
  }

  @Endpoint(ROUTES.rotateReportWebhookSecret)
  async rotate(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.subscriptions.rotate(request.principal!, String(request.id), 'report', id);
  }
}
