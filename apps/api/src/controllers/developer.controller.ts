import { Body, Controller, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { DeveloperService } from '../developer/developer.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** The `Developer workflow` tag: free of charge (no priced operation), rate limited by the AccessGuard. */
@Controller()
export class DeveloperController {
  constructor(private readonly developer: DeveloperService) {}

  @Endpoint(ROUTES.developerPreflight)
  preflight(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.developer.preflight(request, parseInput(ROUTES.developerPreflight.body, body, 'body').operations);
  }

  @Endpoint(ROUTES.developerCreditEstimates)
  creditEstimates(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.developer.creditEstimate(request, parseInput(ROUTES.developerCreditEstimates.body, body, 'body').workload);
  }
}
