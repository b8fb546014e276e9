import { Inject, Injectable } from '@nestjs/common';
import { birthInstantOf, ROUTES, UranianChart } from '@astro/contracts';
import { dialSvg, uranianChart } from '@astro/uranian';
import { EPHEMERIS_PATH } from '../platform';
import { Call, Route } from '../http/route';

@Injectable()
export class UranianRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.uranianChart)
  chart({ body: input }: Call<typeof ROUTES.uranianChart>): UranianChart {
    return uranianChart(
      {
        instant: birthInstantOf(input),
        latitude: input.latitude,
        longitude: input.longitude,
        orbDegrees: input.orb_degrees,
        factors: input.factors,
        maxPictures: input.max_pictures,
      },
      this.ephemerisPath,
    );
  }

  @Route(ROUTES.uranianDial)
  dial({ body: input, reply }: Call<typeof ROUTES.uranianDial>): string {
    const place = { instant: birthInstantOf(input), latitude: input.latitude, longitude: input.longitude };
    const chart = uranianChart({ ...place, factors: input.factors, maxPictures: 0 }, this.ephemerisPath);
    void reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return dialSvg(chart.factors, input.pointer);
  }
}
