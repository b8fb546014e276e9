import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { JobsModule } from '../jobs/jobs.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { ReportWebhooksRoutes } from './report-webhooks.routes';
import { ReportJobsService } from './report-jobs.service';
import { ReportsRoutes } from './reports.routes';
import { VedicReportsRoutes } from './vedic-reports.routes';
import { ThaiQimenReportsRoutes } from './thai-qimen-reports.routes';

/** PDF reports (queued jobs: the Western, four-pillar, Vedic, Thai life and Qi Men ones) and their webhook subscriptions. */
@Module({
  imports: [JobsModule, AccountsModule, DeliveryModule],
  providers: [ReportsRoutes, VedicReportsRoutes, ThaiQimenReportsRoutes, ReportWebhooksRoutes, ReportJobsService],
})
export class ReportsModule {}
