import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { baziReport, qimenBoardSvg, qimenChart } from '@astro/chinese';
import { ROUTES } from '@astro/contracts';
import { CreditsService } from '../credits.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

/** Chinese metaphysics: validate, compute first, charge last, so a rejected or failed request costs nothing. */
@Controller()
export class ChineseController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly credits: CreditsService,
  ) {}

  @Endpoint(ROUTES.chineseBazi)
  async bazi(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.chineseBazi.body, body, 'body');
    const report = baziReport(input, this.platform.config.ephemerisPath);
    await this.credits.charge(request, 'chinese_bazi');
    return report;
  }

  @Endpoint(ROUTES.chineseQimen)
  async qimen(@Req() request: FastifyRequest, @Body() body: unknown) {
    const { include_svg, ...input } = parseInput(ROUTES.chineseQimen.body, body, 'body');
    const chart = qimenChart(input, this.platform.config.ephemerisPath);
    const response = include_svg ? { ...chart, svg: qimenBoardSvg(chart) } : chart;
    await this.credits.charge(request, 'chinese_qimen');
    return response;
  }
}
