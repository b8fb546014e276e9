import { Injectable } from '@nestjs/common';
import { routeNamed, subscriptionRouteNames } from '@astro/contracts';
import { AttemptFilter, AttemptRow, SubscriptionChanges, SubscriptionKind } from '@astro/delivery';
import { takingCaller } from '../http/caller';
import { Call, Route } from '../http/route';
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
 * The route class of one family of webhook subscriptions (report webhooks, visual-reading
 * deliveries): create, list, get, update, delete, rotate the secret and list the delivery records,
 * each one call to SubscriptionsService. A family's route class extends the class this returns.
 */
export function subscriptionRoutes(family: SubscriptionFamilyOptions) {
  const names = subscriptionRouteNames(family.name);
  const route = (name: string) => takingCaller(routeNamed(name, `the ${family.kind} subscriptions`));
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

  @Injectable()
  class SubscriptionsRoutes {
    constructor(readonly subscriptions: SubscriptionsService) {}

    @Route(routes.create)
    async create({ caller, body }: Call<typeof routes.create>) {
      const input = body as SubscriptionInput;
      return this.subscriptions.create(caller, kind, input);
    }

    @Route(routes.list)
    async list({ caller, query }: Call<typeof routes.list>) {
      return this.subscriptions.list(caller, kind, query as { limit: number; cursor?: string });
    }

    @Route(routes.get)
    async get({ caller, params }: Call<typeof routes.get>) {
      const { id } = params as { id: string };
      return this.subscriptions.get(caller, kind, id);
    }

    @Route(routes.update)
    async update({ caller, params, body }: Call<typeof routes.update>) {
      const { id } = params as { id: string };
      const changes = body as SubscriptionChanges;
      return this.subscriptions.update(caller, kind, id, changes);
    }

    @Route(routes.remove)
    async remove({ caller, params }: Call<typeof routes.remove>) {
      const { id } = params as { id: string };
      await this.subscriptions.remove(caller, kind, id);
    }

    @Route(routes.rotate)
    async rotate({ caller, params }: Call<typeof routes.rotate>) {
      const { id } = params as { id: string };
      return this.subscriptions.rotate(caller, kind, id);
    }

    @Route(routes.deliveries)
    async deliveries({ caller, query }: Call<typeof routes.deliveries>) {
      const q = query as DeliveriesQuery & Record<string, unknown>;
      const filter: AttemptFilter = {
        accountId: caller.accountId,
        livemode: caller.livemode,
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
  return SubscriptionsRoutes;
}
