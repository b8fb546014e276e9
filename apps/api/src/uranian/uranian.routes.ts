import { Inject, Injectable } from '@nestjs/common';
import { ROUTES, UranianChart } from '@astro/contracts';
import { birthOf } from '@astro/ephemeris';
import { dialSvg, uranianChart } from '@astro/uranian';
import { EPHEMERIS_PATH } from '../platform/platform';
import { Call, Route } from '../http/route';

@Injectable()
export class UranianRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.uranianChart)
  chart({ body: input }: Call<typeof ROUTES.uranianChart>): UranianChart {
    return uranianChart(
      {
        birth: birthOf(input),
        orbDegrees: input.orb_degrees,
        factors: input.factors,
        maxPictures: input.max_pictures,
      },
      this.ephemerisPath,
    );
  }

  @Route(ROUTES.uranianDial)
  dial({ body: input, reply }: Call<typeof ROUTES.uranianDial>): string {
    const chart = uranianChart({ birth: birthOf(input), factors: input.factors, maxPictures: 0 }, this.ephemerisPath);
    void reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return dialSvg(chart.factors, input.pointer);
  }
}
