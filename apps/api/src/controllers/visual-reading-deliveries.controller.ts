import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { SubscriptionsService } from '../delivery/subscriptions.service';
import { encodeCursor, subjectAttemptView } from '../delivery/views';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** Visual-reading delivery subscriptions (`visual_reading.completed` over channel webhook) and their telemetry. */
@Controller()
export class VisualReadingDeliveriesController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Endpoint(ROUTES.createVisualReadingSubscription)
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.createVisualReadingSubscription.body, body, 'body');
    return this.subscriptions.create(request.principal!, String(request.id), 'visual_reading', input);
  }

  @Endpoint(ROUTES.listVisualReadingSubscriptions)
  async list(@Req() request: FastifyRequest, @Query() query: unknown) {
    return this.subscriptions.list(request.principal!, 'visual_reading', parseInput(ROUTES.listVisualReadingSubscriptions.query, query, 'query'));
  }

  @Endpoint(ROUTES.getVisualReadingSubscription)
  async get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.subscriptions.get(request.principal!, 'visual_reading', id);
  }

  @Endpoint(ROUTES.updateVisualReadingSubscription)
  async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    const changes = parseInput(ROUTES.updateVisualReadingSubscription.body, body, 'body');
    return this.subscriptions.update(request.principal!, String(request.id), 'visual_reading', id, changes);
  }

  @Endpoint(ROUTES.deleteVisualReadingSubscription)
  async remove(@Req() request: FastifyRequest, @Param('id') id: string) {
    await this.subscriptions.remove(request.principal!, String(request.id), 'visual_reading', id);
  }

  @Endpoint(ROUTES.rotateVisualReadingSubscriptionSecret)
  async rotate(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.subscriptions.rotate(request.principal!, String(request.id), 'visual_reading', id);
  }

  @Endpoint(ROUTES.listVisualReadingDeliveries)
  async events(@Req() request: FastifyRequest, @Query() query: unknown) {
    const q = parseInput(ROUTES.listVisualReadingDeliveries.query, query, 'query');
    const page = await this.subscriptions.attempts(
      {
        accountId: request.principal!.accountId,
        kinds: ['visual_reading'],
        status: q.status,
        subscriptionId: q.subscription_id,
        subjectId: q.subject_id,
        deliveryId: q.delivery_id,
      },
      q,
    );
    return { deliveries: page.rows.map(subjectAttemptView), next_cursor: encodeCursor(page.nextBefore) };
  }
}
