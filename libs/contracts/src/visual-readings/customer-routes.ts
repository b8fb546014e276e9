import {
  VisualDeliveriesQuery,
  VisualReadingDeliveries,
  VisualReadingSubscriptionCreate,
  VisualReadingSubscriptionUpdate,
} from '../delivery/schemas';
import { VisualEconomics, VisualEconomicsQuery } from './schemas';
import { ok, routesWith } from '../shared/route-spec';
import { subscriptionRoutes } from '../delivery/subscription-routes';

const TAG = 'Customer visual readings';

/** Routes of the `Customer visual readings` tag: the economics, and delivery subscriptions built like report webhooks. */
export const visualReadingSubscriptionRoutes = {
  ...routesWith({ tag: TAG, method: 'GET', auth: 'session' })({
    visualReadingEconomics: {
      operationId: 'getVisualReadingEconomics',
      path: '/v1/visual-readings/economics',
      summary:
        "Economics of the account's visual readings per family and sku: price, jobs, credits charged and refunded, refund rate, median time to result",
      description: 'Jobs queued in [from, to), at most 366 days; every family and sku is listed, with zeros. Free of charge.',
      query: VisualEconomicsQuery,
      success: ok('the economics of the period', VisualEconomics),
    },
  }),
  ...subscriptionRoutes({
    name: 'VisualReadingSubscription',
    operationName: 'VisualReadingDeliverySubscription',
    tag: TAG,
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
};
