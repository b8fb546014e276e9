import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { sajuReport } from '@astro/saju';
import { CalculationController } from '../core/calculation-controller';
import { Call, Route } from '../http/route';

@Injectable()
export class SajuController extends CalculationController {
  @Route(ROUTES.koreanSaju)
  saju({ body: input }: Call<typeof ROUTES.koreanSaju>) {
    return sajuReport(input, this.ephemerisPath, new Date());
  }
}
