import { Controller, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { planetsDocument, ROUTES } from '@astro/contracts';
import { planetPositions } from '@astro/ephemeris';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { CalculationController } from './calculation-controller';

@Controller()
export class PlanetsController extends CalculationController {
  @Endpoint(ROUTES.planets)
  async planets(@Req() request: FastifyRequest, @Query() query: unknown) {
    const { dt } = parseInput(ROUTES.planets.query, query, 'query');
    const instant = new Date(dt);
    // Compute first: a request that fails (bad range, missing files) is never charged.
    const document = planetsDocument(instant, planetPositions(instant, this.platform.config.ephemerisPath));
    await this.credits.charge(request, 'planets');
    return document;
  }
}
