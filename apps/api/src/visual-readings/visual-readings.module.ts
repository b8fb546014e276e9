import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { JobsModule } from '../jobs/jobs.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { VisualEconomicsRoutes } from './visual-economics.routes';
import { VisualEconomicsService } from './visual-economics.service';
import { VisualJobsRoutes } from './visual-jobs.routes';
import { VisualJobsService } from './visual-jobs.service';
import { VisualReadingDeliveriesRoutes } from './visual-reading-deliveries.routes';
import { VisualUploadsRoutes } from './visual-uploads.routes';
import { VisualUploadsService } from './visual-uploads.service';

/** Palm and face readings: uploads, jobs, deliveries, economics. */
@Module({
  imports: [JobsModule, AccountsModule, DeliveryModule],
  providers: [
    VisualReadingDeliveriesRoutes,
    VisualUploadsRoutes,
    VisualJobsRoutes,
    VisualEconomicsRoutes,
    VisualEconomicsService,
    VisualJobsService,
    VisualUploadsService,
  ],
})
export class VisualReadingsModule {}
