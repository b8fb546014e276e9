import { Module } from '@nestjs/common';
import { HealthService } from './health.service';
import { JobQueueService } from './job-queue.service';
import { JobsRoutes } from './jobs.routes';
import { JobsService } from './jobs.service';
import { MetricsRoutes } from './metrics.routes';
import { PlacesRoutes } from './places.routes';
import { PlatformRoutes } from './platform.routes';

/** Health, places, metrics and the jobs every queued route shares (JobQueueService queues them). */
@Module({
  providers: [PlatformRoutes, JobsRoutes, PlacesRoutes, MetricsRoutes, HealthService, JobsService, JobQueueService],
  exports: [JobQueueService],
})
export class CoreModule {}
