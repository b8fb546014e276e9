import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { sajuReport } from '@astro/saju';
import { CreditsService } from '../credits.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

@Controller()
export class SajuController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly credits: CreditsService,
  ) {}

  @Endpoint(ROUTES.koreanSaju)
  async saju(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.koreanSaju.body, body, 'body');
    // Compute first: a birth outside the ephemeris range or a failed calculation is never charged.
    const report = sajuReport(input, this.platform.config.ephemerisPath, new Date());
    await this.credits.charge(request, 'korean_saju');
    return report;
  }
}
