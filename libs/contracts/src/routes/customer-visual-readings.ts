import { VisualDeliveriesQuery, VisualReadingDeliveries, VisualReadingSubscriptionCreate, VisualReadingSubscriptionUpdate } from '../delivery';
import { RouteSpec } from './route-spec';
import { subscriptionRoutes } from './subscription-routes';

/** Routes of the `Customer visual readings` tag: delivery subscriptions, built like report webhooks. */
export const visualReadingSubscriptionRoutes = subscriptionRoutes({
  name: 'VisualReadingSubscription',
  operationName: 'VisualReadingDeliverySubscription',
  tag: 'Customer visual readings',
  path: '/v1/visual-reading-deliveries/subscriptions',
  noun: 'visual-reading delivery',
  events: 'visual_reading.completed over channel webhook',
  create: VisualReadingSubscriptionCreate,
  update: VisualReadingSubscriptionUpdate,
  deliveries: { path: '/v1/visual-reading-deliveries/events', operationId: 'listVisualReadingDeliveryEvents', query: VisualDeliveriesQuery, schema: VisualReadingDeliveries, subjectField: 'subject_id' },
}) satisfies Record<string, RouteSpec>;
