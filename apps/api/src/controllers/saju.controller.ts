import { Body, Controller, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { sajuReport } from '@astro/saju';
import { Endpoint } from '../http/endpoint.decorator';
import { CalculationController } from './calculation-controller';

@Controller()
export class SajuController extends CalculationController {
  @Endpoint(ROUTES.koreanSaju)
  saju(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.koreanSaju, body, (input) => sajuReport(input, this.ephemerisPath, new Date()));
  }
}
