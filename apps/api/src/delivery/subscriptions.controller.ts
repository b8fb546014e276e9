import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { routeNamed, subscriptionRouteNames } from '@astro/contracts';
import { AttemptFilter, AttemptRow, SubscriptionChanges, SubscriptionKind } from '@astro/delivery';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { SubscriptionsService } from './subscriptions.service';
import { encodeCursor } from './views';

type SubscriptionInput = { url: string; events: string[]; description?: string };
type DeliveriesQuery = { limit: number; cursor?: string; status?: AttemptFilter['status']; subscription_id?: string; delivery_id?: string };

export interface SubscriptionFamilyOptions {
  /** the family's route names in the route table (`subscriptionRouteNames`) */
  name: string;
  kind: SubscriptionKind;
  /** the delivery list's subject filter, taken from its query */
  subjectFilter: (query: Record<string, unknown>) => Pick<AttemptFilter, 'reportJobId' | 'subjectId'>;
  /** one delivery record as the family's list shows it */
  attemptView: (row: AttemptRow) => object;
}

/**
 * The controller of one family of webhook subscriptions (report webhooks, visual-reading
 * deliveries): create, list, get, update, delete, rotate the secret and list the delivery records,
 * each one call to SubscriptionsService. A family's controller extends the class this returns.
 */
export function subscriptionsController(family: SubscriptionFamilyOptions) {
  const names = subscriptionRouteNames(family.name);
  const route = (name: string) => routeNamed(name, `the ${family.kind} subscriptions`);
  const routes = {
    create: route(names.create),
    list: route(names.list),
    get: route(names.get),
    update: route(names.update),
    remove: route(names.remove),
    rotate: route(names.rotate),
    deliveries: route(names.deliveries),
  };
  const { kind } = family;

  @Controller()
  class SubscriptionsController {
    constructor(readonly subscriptions: SubscriptionsService) {}

    @Endpoint(routes.create)
    async create(@Req() request: FastifyRequest, @Body() body: unknown) {
      const input = parseInput(routes.create.body!, body, 'body') as SubscriptionInput;
      return this.subscriptions.create(request.principal!, String(request.id), kind, input);
    }

    @Endpoint(routes.list)
    async list(@Req() request: FastifyRequest, @Query() query: unknown) {
      return this.subscriptions.list(
        request.principal!,
        kind,
        parseInput(routes.list.query!, query, 'query') as { limit: number; cursor?: string },
      );
    }

    @Endpoint(routes.get)
    async get(@Req() request: FastifyRequest, @Param('id') id: string) {
      return this.subscriptions.get(request.principal!, kind, id);
    }

    @Endpoint(routes.update)
    async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
      const changes = parseInput(routes.update.body!, body, 'body') as SubscriptionChanges;
      return this.subscriptions.update(request.principal!, String(request.id), kind, id, changes);
    }

    @Endpoint(routes.remove)
    async remove(@Req() request: FastifyRequest, @Param('id') id: string) {
      await this.subscriptions.remove(request.principal!, String(request.id), kind, id);
    }

    @Endpoint(routes.rotate)
    async rotate(@Req() request: FastifyRequest, @Param('id') id: string) {
      return this.subscriptions.rotate(request.principal!, String(request.id), kind, id);
    }

    @Endpoint(routes.deliveries)
    async deliveries(@Req() request: FastifyRequest, @Query() query: unknown) {
      const q = parseInput(routes.deliveries.query!, query, 'query') as DeliveriesQuery & Record<string, unknown>;
      const filter: AttemptFilter = {
        accountId: request.principal!.accountId,
        kinds: [kind],
        status: q.status,
        subscriptionId: q.subscription_id,
        deliveryId: q.delivery_id,
        ...family.subjectFilter(q),
      };
      const page = await this.subscriptions.attempts(filter, q);
      return { deliveries: page.rows.map(family.attemptView), next_cursor: encodeCursor(page.nextBefore) };
    }
  }
  return SubscriptionsController;
}
