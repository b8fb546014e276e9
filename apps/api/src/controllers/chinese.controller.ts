import { Body, Controller, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { baziReport, qimenBoardSvg, qimenChart } from '@astro/chinese';
import { ROUTES } from '@astro/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { CalculationController } from './calculation-controller';

/** Chinese metaphysics: BaZi and Qi Men Dun Jia. */
@Controller()
export class ChineseController extends CalculationController {
  @Endpoint(ROUTES.chineseBazi)
  bazi(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.chineseBazi, body, (input) => baziReport(input, this.ephemerisPath));
  }

  @Endpoint(ROUTES.chineseQimen)
  qimen(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.chineseQimen, body, ({ include_svg, ...input }) => {
      const chart = qimenChart(input, this.ephemerisPath);
      return include_svg ? { ...chart, svg: qimenBoardSvg(chart) } : chart;
    });
  }
}
