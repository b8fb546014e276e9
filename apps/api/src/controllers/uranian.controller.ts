import { Body, Controller, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES, UranianChart } from '@astro/contracts';
import { dialSvg, uranianChart } from '@astro/uranian';
import { checkFlatBirth } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { CalculationController } from './calculation-controller';

@Controller()
export class UranianController extends CalculationController {
  @Endpoint(ROUTES.uranianChart)
  chart(@Req() request: FastifyRequest, @Body() body: unknown): Promise<UranianChart> {
    return this.calculate(request, ROUTES.uranianChart, body, (input) =>
      uranianChart(
        {
          instant: checkFlatBirth(input),
          latitude: input.latitude,
          longitude: input.longitude,
          orbDegrees: input.orb_degrees,
          factors: input.factors,
          maxPictures: input.max_pictures,
        },
        this.ephemerisPath,
      ),
    );
  }

  @Endpoint(ROUTES.uranianDial)
  async dial(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const svg = await this.calculate(request, ROUTES.uranianDial, body, (input) => {
      const place = { instant: checkFlatBirth(input), latitude: input.latitude, longitude: input.longitude };
      const chart = uranianChart({ ...place, factors: input.factors, maxPictures: 0 }, this.ephemerisPath);
      return dialSvg(chart.factors, input.pointer);
    });
    void reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return svg;
  }
}
