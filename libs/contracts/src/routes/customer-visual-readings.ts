import {
  VisualDeliveriesQuery,
  VisualReadingDeliveries,
  VisualReadingSubscriptionCreate,
  VisualReadingSubscriptionUpdate,
} from '../delivery';
import { VisualEconomics, VisualEconomicsQuery } from '../visual';
import { AUTH_ERRORS, RouteSpec } from './route-spec';
import { subscriptionRoutes } from './subscription-routes';

/** Routes of the `Customer visual readings` tag: the economics, and delivery subscriptions built like report webhooks. */
export const visualReadingSubscriptionRoutes = {
  visualReadingEconomics: {
    operationId: 'getVisualReadingEconomics',
    method: 'GET',
    path: '/v1/visual-readings/economics',
    tag: 'Customer visual readings',
    summary:
      "Economics of the account's visual readings per family and sku: price, jobs, credits charged and refunded, refund rate, median time to result",
    description: 'Jobs queued in [from, to), at most 366 days; every family and sku is listed, with zeros. Free of charge.',
    auth: 'session',
    query: VisualEconomicsQuery,
    success: { status: 200, description: 'the economics of the period', schema: VisualEconomics },
    errors: [400, ...AUTH_ERRORS],
  },
  ...subscriptionRoutes({
    name: 'VisualReadingSubscription',
    operationName: 'VisualReadingDeliverySubscription',
    tag: 'Customer visual readings',
    path: '/v1/visual-reading-deliveries/subscriptions',
    noun: 'visual-reading delivery',
    events: 'visual_reading.completed over channel webhook',
    create: VisualReadingSubscriptionCreate,
    update: VisualReadingSubscriptionUpdate,
    deliveries: {
      path: '/v1/visual-reading-deliveries/events',
      operationId: 'listVisualReadingDeliveryEvents',
      query: VisualDeliveriesQuery,
      schema: VisualReadingDeliveries,
      subjectField: 'subject_id',
    },
  }),
} satisfies Record<string, RouteSpec>;
