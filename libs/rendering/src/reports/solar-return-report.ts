import { birthOf, HouseSystem } from '@astro/ephemeris';
import { NatalChartResult, solarReturn } from '@astro/western';
import { solarReturnDepthBody, solarReturnYear, SolarReturnYear } from './solar-return-depth';
import {
  BirthSubjectInput,
  chartOverview,
  degree,
  disclaimer,
  heading,
  localDateTime,
  paragraph,
  RenderContext,
  signName,
  zoneLabel,
} from './common';
import { fill } from '@astro/text';

export interface SolarReturnInput {
  birth_subject: BirthSubjectInput;
  target_year: number;
  house_system: HouseSystem;
  name: string;
}

export interface SolarReturnData {
  name: string;
  birth: BirthSubjectInput;
  year: number;
  return_utc: string;
  natal: NatalChartResult;
  chart: NatalChartResult;
  angular: string[];
  house_emphasis: { house: number; planets: string[] }[];
  /** the year's transits to the return chart (absent in jobs queued before it existed: no month-by-month outline then) */
  year_ahead?: SolarReturnYear;
}

export function computeSolarReturn(input: SolarReturnInput, ephemerisPath: string): SolarReturnData {
  const b = input.birth_subject;
  const birth = birthOf(b);
  const result = solarReturn(birth, input.target_year, input.house_system, ephemerisPath);
  return {
    name: input.name,
    birth: b,
    year: input.target_year,
    return_utc: result.instant.toISOString(),
    natal: result.natal,
    chart: result.chart,
    angular: result.angular,
    house_emphasis: result.houseEmphasis,
    year_ahead: solarReturnYear(
      birth.instant,
      birth.offsetSeconds,
      input.target_year,
      result.instant.toISOString(),
      result.chart,
      ephemerisPath,
    ),
  };
}

export function solarReturnTitle(ctx: RenderContext, data: SolarReturnData): { title: string; subtitle: string } {
  return {
    // The Thai edition counts years in the Buddhist Era, as its body does.
    title: fill(ctx.text.solar_return.title, { year: data.year + (ctx.locale === 'th' ? 543 : 0) }),
    subtitle: fill(ctx.text.solar_return.subtitle, { name: data.name }),
  };
}

export function solarReturnBody(ctx: RenderContext, data: SolarReturnData): string {
  const r = ctx.text.solar_return;
  const sun = data.chart.chart.planets.find((p) => p.name === 'Sun')!;
  const local = localDateTime(data.return_utc, data.birth.timezoneOffsetMinutes * 60);
  const parts: string[] = [
    paragraph(r.intro),
    heading(2, r.moment),
    paragraph(
      fill(r.moment_text, {
        degree: degree(sun.sign_degree),
        sign: signName(ctx, sun.sign),
        date: ctx.date(local.date),
        time: local.time,
        zone: zoneLabel(ctx, data.birth),
      }),
    ),
    heading(2, r.chart),
    chartOverview(ctx, data.chart),
  ];
  parts.push(solarReturnDepthBody(ctx, data, data.year_ahead));
  parts.push(disclaimer(ctx));
  return parts.join('\n');
}
