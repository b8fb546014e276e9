import { DynamicModule, Module, Type } from '@nestjs/common';
import { CallCharges, RequestAdmission } from './pipeline-ports';
import { ANSWER_EPHEMERIS_PATH, RoutePipeline } from './serve-route';

/** What the pipeline takes from the areas around it: the classes of its two foreign steps and the ephemeris directory. */
export interface RoutePipelineParts {
  admission: Type<RequestAdmission>;
  charges: Type<CallCharges>;
  /** the directory of the ephemeris files, named by the answers' calculation echo */
  ephemerisPath: string;
}

/**
 * The hallway every request walks (admission, parse, check, compute, answer, charge): serveRoute and
 * its dry run, for every module (global). The composition root (AppModule) hands it its admission
 * and charging steps, so http/ depends on no area and the areas depend on http/.
 */
@Module({})
export class RoutePipelineModule {
  static with(parts: RoutePipelineParts): DynamicModule {
    return {
      module: RoutePipelineModule,
      global: true,
      providers: [
        RoutePipeline,
        { provide: RequestAdmission, useClass: parts.admission },
        { provide: CallCharges, useClass: parts.charges },
        { provide: ANSWER_EPHEMERIS_PATH, useValue: parts.ephemerisPath },
      ],
      exports: [RoutePipeline],
    };
  }
}
