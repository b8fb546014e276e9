import { Injectable } from '@nestjs/common';
import { planetsDocument, ROUTES } from '@astro/contracts';
import { planetPositions } from '@astro/ephemeris';
import { Call, Route } from '../http/route';
import { CalculationController } from '../core/calculation-controller';

@Injectable()
export class PlanetsController extends CalculationController {
  @Route(ROUTES.planets)
  planets({ query: { dt } }: Call<typeof ROUTES.planets>) {
    const instant = new Date(dt);
    return planetsDocument(instant, planetPositions(instant, this.ephemerisPath));
  }
}
