import { Module } from '@nestjs/common';
import { DeveloperRoutes } from './developer.routes';
import { DeveloperService } from './developer.service';

/** Preflight (a dry run of the routes' own parse and checks, through the global RoutePipeline) and credit estimates. */
@Module({
  providers: [DeveloperRoutes, DeveloperService],
})
export class DeveloperModule {}
