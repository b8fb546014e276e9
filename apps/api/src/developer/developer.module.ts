import { Module } from '@nestjs/common';
import { RoutePipelineModule } from '../http/route-pipeline.module';
import { DeveloperRoutes } from './developer.routes';
import { DeveloperService } from './developer.service';

/** Preflight (a dry run of the routes' own parse and checks) and credit estimates. */
@Module({
  imports: [RoutePipelineModule],
  providers: [DeveloperRoutes, DeveloperService],
})
export class DeveloperModule {}
