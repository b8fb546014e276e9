import { Inject, Injectable } from '@nestjs/common';
import { baziReport, qimenBoardSvg, qimenChart } from '@astro/chinese';
import { ROUTES } from '@astro/contracts';
import { Call, Route } from '../http/route';
import { EPHEMERIS_PATH } from '../platform/platform';

/** Chinese metaphysics: BaZi and Qi Men Dun Jia. */
@Injectable()
export class ChineseRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.chineseBazi)
  bazi({ body }: Call<typeof ROUTES.chineseBazi>) {
    return baziReport(body, this.ephemerisPath);
  }

  @Route(ROUTES.chineseQimen)
  qimen({ body: { include_svg, ...input } }: Call<typeof ROUTES.chineseQimen>) {
    const chart = qimenChart(input, this.ephemerisPath);
    return include_svg ? { ...chart, svg: qimenBoardSvg(chart) } : chart;
  }
}
