import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { birthInstant } from '../http/birth-instant';
import { checkNatalChart } from '../http/input-checks';
import { compositeChart, interpretNatalChart, labelsFor, natalChart } from '@astro/western';
import { CreditsService } from '../credits.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

@Controller()
export class WesternController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform, private readonly credits: CreditsService) {}

  @Endpoint(ROUTES.natalChart)
  async natalChart(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.natalChart.body, body, 'body');
    checkNatalChart(input);
    const instant = new Date(input.birth_datetime);
    const computed = natalChart(
      { instant, latitude: input.latitude, longitude: input.longitude, houseSystem: input.house_system },
      this.platform.config.ephemerisPath,
    );
    const warnings = [...computed.warnings];
    let interpretation = null;
    if (input.interpret) {
      const written = interpretNatalChart(computed.chart, {
        language: input.language,
        brandName: input.brand_name,
        voice: { tone: input.tone, audience: input.audience, safety_mode: input.safety_mode },
      });
      interpretation = written.interpretation;
      warnings.push(...written.warnings);
    }
    await this.credits.charge(request, 'natal_chart');
    return {
      system: 'western',
      zodiac: 'tropical',
      house_system: computed.houseSystemUsed,
      instant_utc: instant.toISOString(),
      julian_day_ut: Math.round(computed.julianDayUt * 1e7) / 1e7,
      chart: computed.chart,
      interpretation,
      warnings,
    };
  }

  @Endpoint(ROUTES.compositeChart)
  async compositeChart(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.compositeChart.body, body, 'body');
    const [a, b] = (['person_a', 'person_b'] as const).map((who) => {
      const p = input[who];
      return { instant: birthInstant(p, who), latitude: p.latitude, longitude: p.longitude };
    });
    const composite = compositeChart(a, b, input.house_system, { ephemerisPath: this.platform.config.ephemerisPath, fromDate: new Date() });
    const { labels, language, warning } = labelsFor(input.locale);
    await this.credits.charge(request, 'composite_chart');
    return {
      system: 'western',
      locale: language,
      labels,
      house_system: input.house_system,
      chart: { ...composite.chart, warnings: [...composite.chart.warnings, ...(warning ? [warning] : [])] },
      cross_aspects: composite.cross_aspects,
      days: composite.days,
    };
  }
}
