import { Body, Controller, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import {
  BrandingFields,
  ChartImage,
  chartImage,
  ChartImageFormat,
  resolveBranding,
  synastryReading,
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
  natalChartResponse,
  progressionsResponse,
  returnsResponse,
  synastryCharts,
  synastryResponse,
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
import { DirectEndpoint } from '../http/direct-endpoint';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { CalculationController } from './calculation-controller';

type ImageOptions = { image?: ChartImageFormat; branding?: BrandingFields; brand_profile_id?: string };
type Wheel = Omit<WheelInput, 'color'>;
/** A chart's wheel, or a bi-wheel with `outer`, its legend in the request's language. */
const wheelOf = (chart: WheelChart, locale: string, outer?: { planets: WheelPoint[]; names: [string, string] }): Wheel => ({
  ...wheelOfChart(chart, outer?.planets),
  labels: wheelLabels(locale, outer?.names[0], outer?.names[1]),
});

@Controller()
export class WesternController extends CalculationController {
  @DirectEndpoint(ROUTES.natalChart)
  async natalChart(request: FastifyRequest) {
    const input = parseInput(ROUTES.natalChart.body, request.body, 'body');
    checkNatalChart(input);
    const instant = new Date(input.birth_datetime);
    const computed = natalChart(
      { instant, latitude: input.latitude, longitude: input.longitude, houseSystem: input.house_system },
      this.ephemerisPath,
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
    const image = await this.images(request, input, () => [wheelOf(computed.chart, input.language)]);
    await this.credits.charge(request, ROUTES.natalChart.operation);
    return natalChartResponse(instant, computed, { interpretation, image: image[0], warnings });
  }

  @Endpoint(ROUTES.compositeChart)
  compositeChart(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.compositeChart, body, async (input) => {
      const [a, b] = (['person_a', 'person_b'] as const).map((who) => {
        const p = input[who];
        return { instant: birthInstant(p, who), latitude: p.latitude, longitude: p.longitude };
      });
      const composite = compositeChart(a, b, input.house_system, { ephemerisPath: this.ephemerisPath, fromDate: new Date() });
      const { labels, language, warning } = labelsFor(input.locale);
      const image = await this.images(request, input, () => [wheelOf(composite.chart, input.locale)]);
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
    });
  }

  @Endpoint(ROUTES.westernSynastry)
  synastry(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.westernSynastry, body, async (input) => {
      const person = (who: 'person_a' | 'person_b', name: string) => {
        const p = input[who];
        return { name: p.name ?? name, instant: birthInstant(p, who), latitude: p.latitude, longitude: p.longitude };
      };
      const people = { a: person('person_a', 'A'), b: person('person_b', 'B') };
      const pair = synastryCharts(people.a, people.b, input.house_system, this.ephemerisPath);
      const interpretation = synastryReading(people, pair, input.locale, input.safety_mode);
      const image = await this.images(request, input, () => [
        wheelOf(pair.a.chart, input.locale, {
          planets: pair.b.chart.planets,
          names: [input.person_a.name ?? 'A', input.person_b.name ?? 'B'],
        }),
      ]);
      return { ...synastryResponse(people, pair, { locale: input.locale, interpretation }), image: image[0] };
    });
  }

  @Endpoint(ROUTES.westernTransits)
  transits(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.westernTransits, body, (input) => {
      const { birth, from, to } = checkWesternTransits(input);
      return transitsResponse(
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
        this.ephemerisPath,
      );
    });
  }

  @Endpoint(ROUTES.westernProgressions)
  progressions(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.westernProgressions, body, async (input) => {
      const { birth, target } = checkWesternProgressions(input);
      const { response, natal } = progressionsResponse(
        { birth, target, mcMethod: input.mc_method, yearsAhead: input.years_ahead, houseSystem: input.house_system },
        this.ephemerisPath,
      );
      const image = await this.images(request, input, () => [
        wheelOf(natal.chart, 'en', { planets: response.chart.planets, names: [wheelWord('en', 'natal'), wheelWord('en', 'progressed')] }),
      ]);
      return { ...response, image: image[0] };
    });
  }

  @Endpoint(ROUTES.westernReturns)
  returns(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.westernReturns, body, async (input) => {
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
        this.ephemerisPath,
      );
      const images = await this.images(request, input, () => response.returns.map((x) => wheelOf(x.chart, 'en')), response.returns.length);
      return { ...response, returns: response.returns.map((x, i) => ({ ...x, image: images[i] })) };
    });
  }

  /**
   * The wheels asked for (`image`), in the brand colour: the request's branding, else the brand
   * profile's, else the default; `count` nulls when none was asked for (the wheels are then not
   * even laid out: the natal chart is a hot route).
   */
  private async images(request: FastifyRequest, input: ImageOptions, wheels: () => Wheel[], count = 1): Promise<(ChartImage | null)[]> {
    if (!input.image) return new Array<null>(count).fill(null);
    const found = await checkImageBrandProfile({ db: this.platform.db, accountId: request.principal!.accountId }, input);
    const profile = (found?.branding as BrandingFields | undefined) ?? null;
    const color = resolveBranding(profile, input.branding).primary_color;
    return Promise.all(wheels().map((w) => chartImage(input.image!, { ...w, color })));
  }
}
