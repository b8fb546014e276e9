import { Module } from '@nestjs/common';
import { Admission } from '../auth/admission';
import { CreditsService } from '../core/credits.service';
import { RoutePipeline } from './serve-route';

/** The hallway every request walks (admission, parse, check, compute, answer, charge): serveRoute and its dry run. */
@Module({
  providers: [RoutePipeline, Admission, CreditsService],
  exports: [RoutePipeline],
})
export class RoutePipelineModule {}
