import { Inject, Injectable } from '@nestjs/common';
import { planetsDocument, ROUTES } from '@astro/contracts';
import { planetPositions } from '@astro/ephemeris';
import { Call, Route } from '../http/route';
import { EPHEMERIS_PATH } from '../platform/platform';

@Injectable()
export class PlanetsRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.planets)
  planets({ query: { dt } }: Call<typeof ROUTES.planets>) {
    const instant = new Date(dt);
    return planetsDocument(instant, planetPositions(instant, this.ephemerisPath));
  }
}
