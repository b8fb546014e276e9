import { Injectable } from '@nestjs/common';
import { Call, Route } from '../http/route';
import { ROUTES } from '@astro/contracts';
import { subscriptionRoutes } from '../delivery/subscriptions.routes';
import { reportAttemptView } from '../delivery/views';

/** Report webhooks: subscriptions to `report.completed`, their delivery attempts and redelivery. */
@Injectable()
export class ReportWebhooksRoutes extends subscriptionRoutes({
  name: 'ReportWebhook',
  kind: 'report',
  subjectFilter: (q) => ({ reportJobId: q.report_job_id as string | undefined }),
  attemptView: reportAttemptView,
}) {
  @Route(ROUTES.retryReportWebhookDelivery)
  async retry({ caller, params: { id } }: Call<typeof ROUTES.retryReportWebhookDelivery>) {
    return this.subscriptions.retry(caller, ['report'], id);
  }
}
