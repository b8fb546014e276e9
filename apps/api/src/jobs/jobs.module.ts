import { Module } from '@nestjs/common';
import { JobQueueService } from './job-queue.service';
import { JobsRoutes } from './jobs.routes';
import { JobsService } from './jobs.service';

/** Jobs as their owner polls and lists them, their artifacts, and the queue every queued route shares (JobQueueService). */
@Module({
  providers: [JobsRoutes, JobsService, JobQueueService],
  exports: [JobQueueService],
})
export class JobsModule {}
