import { Injectable } from '@nestjs/common';
import { subscriptionsController } from '../delivery/subscriptions.controller';
import { subjectAttemptView } from '../delivery/views';

/** Visual-reading delivery subscriptions (`visual_reading.completed` over channel webhook) and their telemetry. */
@Injectable()
export class VisualReadingDeliveriesController extends subscriptionsController({
  name: 'VisualReadingSubscription',
  kind: 'visual_reading',
  subjectFilter: (q) => ({ subjectId: q.subject_id as string | undefined }),
  attemptView: subjectAttemptView,
}) {}
