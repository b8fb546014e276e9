import { Injectable } from '@nestjs/common';
import { subscriptionRoutes } from '../delivery/subscriptions.routes';
import { subjectAttemptView } from '../delivery/views';

/** Visual-reading delivery subscriptions (`visual_reading.completed` over channel webhook) and their telemetry. */
@Injectable()
export class VisualReadingDeliveriesRoutes extends subscriptionRoutes({
  name: 'VisualReadingSubscription',
  kind: 'visual_reading',
  subjectFilter: (q) => ({ subjectId: q.subject_id as string | undefined }),
  attemptView: subjectAttemptView,
}) {}
