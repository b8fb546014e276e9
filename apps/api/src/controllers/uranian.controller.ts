import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES, UranianChart } from '@astro/contracts';
import { dialSvg, uranianChart } from '@astro/uranian';
import { CreditsService } from '../credits.service';
import { checkFlatBirth } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

@Controller()
export class UranianController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly credits: CreditsService,
  ) {}

  @Endpoint(ROUTES.uranianChart)
  async chart(@Req() request: FastifyRequest, @Body() body: unknown): Promise<UranianChart> {
    const input = parseInput(ROUTES.uranianChart.body, body, 'body');
    const instant = checkFlatBirth(input);
    // Compute first: a failed calculation is never charged.
    const chart = uranianChart(
      {
        instant,
        latitude: input.latitude,
        longitude: input.longitude,
        orbDegrees: input.orb_degrees,
        factors: input.factors,
        maxPictures: input.max_pictures,
      },
      this.platform.config.ephemerisPath,
    );
    await this.credits.charge(request, 'uranian_chart');
    return chart;
  }

  @Endpoint(ROUTES.uranianDial)
  async dial(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const input = parseInput(ROUTES.uranianDial.body, body, 'body');
    const instant = checkFlatBirth(input);
    const chart = uranianChart(
      { instant, latitude: input.latitude, longitude: input.longitude, factors: input.factors, maxPictures: 0 },
      this.platform.config.ephemerisPath,
    );
    const svg = dialSvg(chart.factors, input.pointer);
    await this.credits.charge(request, 'uranian_dial');
    void reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return svg;
  }
}
