import { Controller } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { planetsDocument, ROUTES } from '@astro/contracts';
import { planetPositions } from '@astro/ephemeris';
import { DirectEndpoint } from '../http/direct-endpoint';
import { parseInput } from '../http/validation';
import { CalculationController } from './calculation-controller';

@Controller()
export class PlanetsController extends CalculationController {
  @DirectEndpoint(ROUTES.planets)
  async planets(request: FastifyRequest) {
    const { dt } = parseInput(ROUTES.planets.query, request.query, 'query');
    const instant = new Date(dt);
    // Compute first: a request that fails (bad range, missing files) is never charged.
    const document = planetsDocument(instant, planetPositions(instant, this.ephemerisPath));
    await this.credits.charge(request, ROUTES.planets.operation);
    return document;
  }
}
