import { Inject, Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { birthOf } from '@astro/ephemeris';
import { sajuReport } from '@astro/saju';
import { EPHEMERIS_PATH } from '../platform/platform';
import { Call, Route } from '../http/route';

@Injectable()
export class SajuRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.koreanSaju)
  saju({ body: input }: Call<typeof ROUTES.koreanSaju>) {
    return sajuReport({ ...input, birth: birthOf(input) }, this.ephemerisPath, new Date());
  }
}
