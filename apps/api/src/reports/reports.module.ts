import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { JobsModule } from '../jobs/jobs.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { ReportWebhooksRoutes } from './report-webhooks.routes';
import { ReportJobsService } from './report-jobs.service';
import { ReportsRoutes } from './reports.routes';
import { VedicReportsRoutes } from './vedic-reports.routes';
import { ThaiQimenReportsRoutes } from './thai-qimen-reports.routes';
import { TarotReportsRoutes } from './tarot-reports.routes';

/** PDF reports (queued jobs: the Western, four-pillar, Vedic, Thai life, Qi Men and tarot ones) and their webhook subscriptions. */
@Module({
  imports: [JobsModule, AccountsModule, DeliveryModule],
  providers: [ReportsRoutes, VedicReportsRoutes, ThaiQimenReportsRoutes, TarotReportsRoutes, ReportWebhooksRoutes, ReportJobsService],
})
export class ReportsModule {}
