import {
  VisualDeliveriesQuery,
  VisualReadingDeliveries,
  VisualReadingSubscriptionCreate,
  VisualReadingSubscriptionUpdate,
} from './schemas';
import { subscriptionRoutes } from './subscription-routes';

/**
 * The visual-reading delivery subscriptions, built like report webhooks. They share the
 * `Customer visual readings` tag with the economics route (visual-readings/customer-routes.ts).
 */
export const visualReadingDeliveryRoutes = subscriptionRoutes({
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
});
