import { HouseSystem, instantFromLocal } from '@astro/ephemeris';
import { NatalChartResult, solarReturn } from '@astro/western';
import { escapeHtml, fill } from '../html';
import {
  BirthSubjectInput, birthLine, chartOverview, degree, disclaimer, heading, houseName, houseText, localDateTime, offsetLabel, paragraph, planetName,
  planetText, RenderContext, signName, table,
} from './common';

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
}

export function computeSolarReturn(input: SolarReturnInput, ephemerisPath: string): SolarReturnData {
  const b = input.birth_subject;
  const result = solarReturn(
    { instant: instantFromLocal(b.date, b.time, b.timezoneOffsetMinutes), latitude: b.latitude, longitude: b.longitude },
    input.target_year,
    input.house_system,
    ephemerisPath,
  );
  return {
    name: input.name,
    birth: b,
    year: input.target_year,
    return_utc: result.instant.toISOString(),
    natal: result.natal,
    chart: result.chart,
    angular: result.angular,
    house_emphasis: result.houseEmphasis,
  };
}

export function solarReturnTitle(ctx: RenderContext, data: SolarReturnData): { title: string; subtitle: string } {
  return { title: fill(ctx.text.solar_return.title, { year: data.year }), subtitle: fill(ctx.text.solar_return.subtitle, { name: data.name }) };
}

export function solarReturnBody(ctx: RenderContext, data: SolarReturnData): string {
  const r = ctx.text.solar_return;
  const t = ctx.text.table;
  const offset = data.birth.timezoneOffsetMinutes;
  const sun = data.chart.chart.planets.find((p) => p.name === 'Sun')!;
  const local = localDateTime(data.return_utc, offset);
  const returnAsc = data.chart.chart.houses[0].sign;
  const natalAsc = data.natal.chart.houses[0].sign;
  const risingText = ctx.chart.signs[returnAsc as keyof typeof ctx.chart.signs].rising;
  const parts: string[] = [
    `<p class="muted">${escapeHtml(birthLine(ctx, data.birth))}</p>`,
    paragraph(r.intro),
    heading(2, r.moment),
    paragraph(
      fill(r.moment_text, {
        degree: degree(sun.sign_degree),
        sign: signName(ctx, sun.sign),
        local: `${ctx.date(local.date)} ${local.time}:${data.return_utc.slice(17, 19)}`,
        offset: offsetLabel(offset),
        utc: `${ctx.date(data.return_utc.slice(0, 10))} ${data.return_utc.slice(11, 19)}`,
      }),
    ),
    heading(2, r.chart),
    chartOverview(ctx, data.chart),
    paragraph(fill(r.ascendant_text, { sign: signName(ctx, returnAsc), rising_text: risingText })),
  ];

  parts.push(heading(2, r.angular, true), paragraph(r.angular_intro));
  if (data.angular.length === 0) parts.push(paragraph(r.angular_none));
  for (const name of data.angular) {
    const p = data.chart.chart.planets.find((x) => x.name === name)!;
    parts.push(paragraph(fill(r.angular_item, { planet: planetName(ctx, name), house: houseName(ctx, p.house), planet_text: planetText(ctx, name) })));
  }

  parts.push(heading(2, r.emphasis));
  for (const h of data.house_emphasis.slice(0, 4)) {
    parts.push(
      paragraph(
        fill(r.emphasis_item, { house: houseName(ctx, h.house), count: h.planets.map((p) => planetName(ctx, p)).join(', '), house_text: houseText(ctx, h.house) }),
      ),
    );
  }

  parts.push(heading(2, r.themes));
  const themes = ctx.branding.safety_mode === 'workplace' ? { ...r.sun_house_theme, ...r.sun_house_theme_workplace } : r.sun_house_theme;
  parts.push(paragraph(themes[String(sun.house) as keyof typeof themes]));
  const moon = data.chart.chart.planets.find((p) => p.name === 'Moon')!;
  parts.push(paragraph(`${planetName(ctx, 'Moon')} · ${houseName(ctx, moon.house)}: ${houseText(ctx, moon.house)}`));

  parts.push(heading(2, r.compare, true), paragraph(fill(r.compare_asc, { natal_sign: signName(ctx, natalAsc), return_sign: signName(ctx, returnAsc) })));
  const rows = data.chart.chart.planets
    .filter((p) => !['North Node', 'Chiron'].includes(p.name))
    .map((p) => {
      const natal = data.natal.chart.planets.find((x) => x.name === p.name)!;
      return [planetName(ctx, p.name), `${signName(ctx, natal.sign)} · ${natal.house}`, `${signName(ctx, p.sign)} · ${p.house}`];
    });
  parts.push(table([t.planet, t.natal, t.return], rows));
  for (const p of data.chart.chart.planets.filter((x) => ['Sun', 'Moon', 'Venus', 'Mars', 'Jupiter', 'Saturn'].includes(x.name))) {
    const natal = data.natal.chart.planets.find((x) => x.name === p.name)!;
    if (natal.house !== p.house) {
      parts.push(paragraph(fill(r.compare_moved, { planet: planetName(ctx, p.name), natal_house: houseName(ctx, natal.house), return_house: houseName(ctx, p.house) })));
    }
  }
  parts.push(disclaimer(ctx));
  return parts.join('\n');
}
