import { Inject, Injectable } from '@nestjs/common';
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
import { birthOf } from '@astro/ephemeris';
import { BrandProfileRecord } from '@astro/accounts';
import { imageProfile } from '../accounts/checks';
import { checkWesternProgressions, checkWesternReturns, checkWesternTransits } from './checks';
import { Call, Route } from '../http/route';
import { EPHEMERIS_PATH } from '../platform/platform';

type ImageOptions = { image?: ChartImageFormat; branding?: BrandingFields; brand_profile_id?: string };
type Wheel = Omit<WheelInput, 'color'>;
/** A chart's wheel, or a bi-wheel with `outer`, its legend in the request's language. */
const wheelOf = (chart: WheelChart, locale: string, outer?: { planets: WheelPoint[]; names: [string, string] }): Wheel => ({
  ...wheelOfChart(chart, outer?.planets),
  labels: wheelLabels(locale, outer?.names[0], outer?.names[1]),
});

@Injectable()
export class WesternRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  /** A promise only when a wheel image is asked for: the plain chart, a hot route, answers without one. */
  @Route(ROUTES.natalChart, imageProfile)
  natalChart({ body: input, checked: profile }: Call<typeof ROUTES.natalChart, ReturnType<typeof imageProfile>>) {
    const birth = birthOf(input);
    const computed = natalChart({ birth, houseSystem: input.house_system }, this.ephemerisPath);
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
    const answer = (image: ChartImage | null) => natalChartResponse(birth.instant, computed, { interpretation, image, warnings });
    if (!input.image) return answer(null);
    return images(profile, input, () => [wheelOf(computed.chart, input.language)]).then(([image]) => answer(image));
  }

  @Route(ROUTES.compositeChart, imageProfile)
  async compositeChart({ body: input, checked: profile }: Call<typeof ROUTES.compositeChart, ReturnType<typeof imageProfile>>) {
    const [a, b] = [input.person_a, input.person_b].map(birthOf);
    const composite = compositeChart(a, b, input.house_system, { ephemerisPath: this.ephemerisPath, fromDate: new Date() });
    const { labels, language, warning } = labelsFor(input.locale);
    const image = await images(profile, input, () => [wheelOf(composite.chart, input.locale)]);
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

  @Route(ROUTES.westernSynastry, imageProfile)
  async synastry({ body: input, checked: profile }: Call<typeof ROUTES.westernSynastry, ReturnType<typeof imageProfile>>) {
    const person = (p: (typeof input)['person_a'], name: string) => ({ name: p.name ?? name, ...birthOf(p) });
    const people = { a: person(input.person_a, 'A'), b: person(input.person_b, 'B') };
    const pair = synastryCharts(people.a, people.b, input.house_system, this.ephemerisPath);
    const interpretation = synastryReading(people, pair, input.locale, input.safety_mode);
    const image = await images(profile, input, () => [
      wheelOf(pair.a.chart, input.locale, {
        planets: pair.b.chart.planets,
        names: [input.person_a.name ?? 'A', input.person_b.name ?? 'B'],
      }),
    ]);
    return { ...synastryResponse(people, pair, { locale: input.locale, interpretation }), image: image[0] };
  }

  @Route(ROUTES.westernTransits, checkWesternTransits)
  transits({ body: input, checked: { birth, from, to } }: Call<typeof ROUTES.westernTransits, ReturnType<typeof checkWesternTransits>>) {
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
  }

  @Route(ROUTES.westernProgressions, checkWesternProgressions)
  async progressions({ body: input, checked }: Call<typeof ROUTES.westernProgressions, ReturnType<typeof checkWesternProgressions>>) {
    const { birth, target, profile } = checked;
    const { response, natal } = progressionsResponse(
      { birth, target, mcMethod: input.mc_method, yearsAhead: input.years_ahead, houseSystem: input.house_system },
      this.ephemerisPath,
    );
    const image = await images(profile, input, () => [
      wheelOf(natal.chart, 'en', { planets: response.chart.planets, names: [wheelWord('en', 'natal'), wheelWord('en', 'progressed')] }),
    ]);
    return { ...response, image: image[0] };
  }

  @Route(ROUTES.westernReturns, checkWesternReturns)
  async returns({ body: input, checked: { birth, profile } }: Call<typeof ROUTES.westernReturns, ReturnType<typeof checkWesternReturns>>) {
    const b = input.birth_subject;
    const r = input.relocation;
    const clock = r?.timezone
      ? { timezone: r.timezone }
      : r?.timezoneOffsetMinutes !== undefined
        ? { offsetSeconds: r.timezoneOffsetMinutes * 60 }
        : b.timezone
          ? { timezone: b.timezone }
          : { offsetSeconds: b.timezoneOffsetMinutes * 60 };
    const response = returnsResponse(
      {
        birth,
        birthOffsetSeconds: b.timezoneOffsetMinutes * 60,
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
    const wheels = await images(profile, input, () => response.returns.map((x) => wheelOf(x.chart, 'en')), response.returns.length);
    return { ...response, returns: response.returns.map((x, i) => ({ ...x, image: wheels[i] })) };
  }
}

/**
 * The wheels asked for (`image`), in the brand colour: the request's branding, else the brand
 * profile's (found by the route's check), else the default; `count` nulls when none was asked for
 * (the wheels are then not even laid out: the natal chart is a hot route).
 */
async function images(
  profile: Pick<BrandProfileRecord, 'branding'> | null | undefined,
  input: ImageOptions,
  wheels: () => Wheel[],
  count = 1,
): Promise<(ChartImage | null)[]> {
  if (!input.image) return new Array<null>(count).fill(null);
  const color = resolveBranding((profile?.branding as BrandingFields | undefined) ?? null, input.branding).primary_color;
  return Promise.all(wheels().map((w) => chartImage(input.image!, { ...w, color })));
}
