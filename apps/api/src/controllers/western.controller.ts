import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import {
  BrandingFields,
  ChartImage,
  chartImage,
  ChartImageFormat,
  resolveBranding,
  synastryResponse,
  WheelChart,
  WheelInput,
  wheelLabels,
  wheelOfChart,
  WheelPoint,
  wheelWord,
} from '@astro/rendering';
import {
  compositeChart,
  interpretNatalChart,
  labelsFor,
  natalChart,
  progressionsResponse,
  returnsResponse,
  transitsResponse,
} from '@astro/western';
import { birthInstant } from '../http/birth-instant';
import {
  checkImageBrandProfile,
  checkNatalChart,
  checkWesternProgressions,
  checkWesternReturns,
  checkWesternTransits,
} from '../http/input-checks';
import { CreditsService } from '../credits.service';
import { DirectEndpoint } from '../http/direct-endpoint';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

type ImageOptions = { image?: ChartImageFormat; branding?: BrandingFields; brand_profile_id?: string };
type Wheel = Omit<WheelInput, 'color'>;
/** A chart's wheel, or a bi-wheel with `outer`, its legend in the request's language. */
const wheelOf = (chart: WheelChart, locale: string, outer?: { planets: WheelPoint[]; names: [string, string] }): Wheel => ({
  ...wheelOfChart(chart, outer?.planets),
  labels: wheelLabels(locale, outer?.names[0], outer?.names[1]),
});

@Controller()
export class WesternController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly credits: CreditsService,
  ) {}

  @DirectEndpoint(ROUTES.natalChart)
  async natalChart(request: FastifyRequest) {
    const input = parseInput(ROUTES.natalChart.body, request.body, 'body');
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
    const image = await this.images(request, input, [wheelOf(computed.chart, input.language)]);
    await this.credits.charge(request, 'natal_chart');
    return {
      system: 'western',
      zodiac: 'tropical',
      house_system: computed.houseSystemUsed,
      instant_utc: instant.toISOString(),
      julian_day_ut: Math.round(computed.julianDayUt * 1e7) / 1e7,
      chart: computed.chart,
      interpretation,
      image: image[0],
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
    const image = await this.images(request, input, [wheelOf(composite.chart, input.locale)]);
    await this.credits.charge(request, 'composite_chart');
    return {
      system: 'western',
      locale: language,
      labels,
      house_system: input.house_system,
      chart: { ...composite.chart, warnings: [...composite.chart.warnings, ...(warning ? [warning] : [])] },
      cross_aspects: composite.cross_aspects,
      days: composite.days,
      image: image[0],
    };
  }

  @Endpoint(ROUTES.westernSynastry)
  async synastry(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.westernSynastry.body, body, 'body');
    const person = (who: 'person_a' | 'person_b', name: string) => {
      const p = input[who];
      return { name: p.name ?? name, instant: birthInstant(p, who), latitude: p.latitude, longitude: p.longitude };
    };
    const { charts, response } = synastryResponse(
      { a: person('person_a', 'A'), b: person('person_b', 'B') },
      input.house_system,
      input.locale,
      this.platform.config.ephemerisPath,
    );
    const image = await this.images(request, input, [
      wheelOf(charts.a.chart, input.locale, {
        planets: charts.b.chart.planets,
        names: [input.person_a.name ?? 'A', input.person_b.name ?? 'B'],
      }),
    ]);
    await this.credits.charge(request, 'western_synastry');
    return { ...response, image: image[0] };
  }

  @Endpoint(ROUTES.westernTransits)
  async transits(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.westernTransits.body, body, 'body');
    const { birth, from, to } = checkWesternTransits(input);
    const response = transitsResponse(
      {
        birth,
        from,
        to,
        bodies: input.bodies && [...new Set(input.bodies)],
        aspects: input.aspects && [...new Set(input.aspects)],
        orbs: input.orbs,
        natalPoints: input.natal_points,
        houseSystem: input.house_system,
      },
      this.platform.config.ephemerisPath,
    );
    await this.credits.charge(request, 'western_transits');
    return response;
  }

  @Endpoint(ROUTES.westernProgressions)
  async progressions(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.westernProgressions.body, body, 'body');
    const { birth, target } = checkWesternProgressions(input);
    const { response, natal } = progressionsResponse(
      { birth, target, mcMethod: input.mc_method, yearsAhead: input.years_ahead, houseSystem: input.house_system },
      this.platform.config.ephemerisPath,
    );
    const image = await this.images(request, input, [
      wheelOf(natal.chart, 'en', { planets: response.chart.planets, names: [wheelWord('en', 'natal'), wheelWord('en', 'progressed')] }),
    ]);
    await this.credits.charge(request, 'western_progressions');
    return { ...response, image: image[0] };
  }

  @Endpoint(ROUTES.westernReturns)
  async returns(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.westernReturns.body, body, 'body');
    const { birth } = checkWesternReturns(input);
    const b = input.birth_subject;
    const r = input.relocation;
    const clock = r?.timezone
      ? { timezone: r.timezone }
      : r?.timezoneOffsetMinutes !== undefined
        ? { offsetMinutes: r.timezoneOffsetMinutes }
        : b.timezone
          ? { timezone: b.timezone }
          : { offsetMinutes: b.timezoneOffsetMinutes };
    const response = returnsResponse(
      {
        birth,
        birthOffsetMinutes: b.timezoneOffsetMinutes,
        kind: input.kind,
        year: input.year,
        date: input.date,
        place: r
          ? { latitude: r.latitude, longitude: r.longitude, relocated: true }
          : { latitude: b.latitude, longitude: b.longitude, relocated: false },
        clock,
        houseSystem: input.house_system,
      },
      this.platform.config.ephemerisPath,
    );
    const images = await this.images(
      request,
      input,
      response.returns.map((x) => wheelOf(x.chart, 'en')),
    );
    await this.credits.charge(request, 'western_returns');
    return { ...response, returns: response.returns.map((x, i) => ({ ...x, image: images[i] })) };
  }

  /** The wheels asked for (`image`), in the brand colour: the request's branding, else the brand profile's, else the default. */
  private async images(request: FastifyRequest, input: ImageOptions, wheels: Wheel[]): Promise<(ChartImage | null)[]> {
    if (!input.image) return wheels.map(() => null);
    const found = await checkImageBrandProfile({ db: this.platform.db, accountId: request.principal!.accountId }, input);
    const profile = (found?.branding as BrandingFields | undefined) ?? null;
    const color = resolveBranding(profile, input.branding).primary_color;
    return Promise.all(wheels.map((w) => chartImage(input.image!, { ...w, color })));
  }
}
