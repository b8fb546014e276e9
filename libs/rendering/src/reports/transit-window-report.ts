import { HouseSystem, instantFromLocal } from '@astro/ephemeris';
import { Ingress, natalChart, NatalChartResult, Station, TransitEvent, transitsInWindow } from '@astro/western';
import { escapeHtml, fill } from '../html';
import {
  aspectName, BirthSubjectInput, birthLine, chartOverview, degree, disclaimer, heading, localDateTime, offsetLabel, paragraph, planetName,
  RenderContext, signName, table,
} from './common';

export interface TransitWindowInput {
  birth_subject: BirthSubjectInput;
  start_date: string;
  end_date: string;
  house_system: HouseSystem;
  name: string;
}

export interface TransitWindowData {
  name: string;
  birth: BirthSubjectInput;
  natal: NatalChartResult;
  start_date: string;
  end_date: string;
  transits: TransitEvent[];
  stations: Station[];
  ingresses: Ingress[];
}

/** The window covers whole local days of the birth offset, start to end date inclusive. */
export function computeTransitWindow(input: TransitWindowInput, ephemerisPath: string): TransitWindowData {
  const b = input.birth_subject;
  const natal = natalChart(
    { instant: instantFromLocal(b.date, b.time, b.timezoneOffsetMinutes), latitude: b.latitude, longitude: b.longitude, houseSystem: input.house_system },
    ephemerisPath,
  );
  const points = [
    ...natal.chart.planets.filter((p) => p.name !== 'North Node' && p.name !== 'Chiron'),
    { name: 'Ascendant', longitude: natal.chart.angles.ascendant },
    { name: 'Midheaven', longitude: natal.chart.angles.midheaven },
  ];
  const from = instantFromLocal(input.start_date, '00:00', b.timezoneOffsetMinutes);
  const to = new Date(instantFromLocal(input.end_date, '00:00', b.timezoneOffsetMinutes).getTime() + 86_400_000);
  return { name: input.name, birth: b, natal, start_date: input.start_date, end_date: input.end_date, ...transitsInWindow(points, from, to, ephemerisPath) };
}

const BODY_WEIGHT: Record<string, number> = { Pluto: 10, Neptune: 9, Uranus: 8, Saturn: 7, Jupiter: 6, Mars: 4, Sun: 3, Venus: 3, Mercury: 2, Moon: 1 };
const ASPECT_WEIGHT: Record<string, number> = { conjunction: 5, opposition: 4, square: 4, trine: 3, sextile: 2 };
const POINT_WEIGHT: Record<string, number> = { Sun: 2, Moon: 2, Ascendant: 2, Midheaven: 2 };
const SIGNIFICANT = 10;

export function significance(t: TransitEvent): number {
  return BODY_WEIGHT[t.transiting] * ASPECT_WEIGHT[t.aspect] * (POINT_WEIGHT[t.natal_point] ?? 1);
}

export function transitWindowTitle(ctx: RenderContext, data: TransitWindowData): { title: string; subtitle: string } {
  return { title: ctx.text.transit_window.title, subtitle: fill(ctx.text.transit_window.subtitle, { name: data.name, start: data.start_date, end: data.end_date }) };
}

export function transitWindowBody(ctx: RenderContext, data: TransitWindowData): string {
  const w = ctx.text.transit_window;
  const t = ctx.text.table;
  const offset = data.birth.timezoneOffsetMinutes;
  const line = (x: TransitEvent) =>
    fill(w.transit_line, { planet: planetName(ctx, x.transiting), aspect: aspectName(ctx, x.aspect), point: planetName(ctx, x.natal_point) });
  const parts: string[] = [
    `<p class="muted">${escapeHtml(birthLine(ctx, data.birth))}</p>`,
    paragraph(fill(w.intro, { start: data.start_date, end: data.end_date, offset: offsetLabel(offset) })),
    chartOverview(ctx, data.natal),
  ];

  parts.push(heading(2, w.significant, true), paragraph(w.significant_intro));
  const ranked = [...data.transits].sort((x, y) => significance(y) - significance(x)).slice(0, SIGNIFICANT);
  if (ranked.length === 0) parts.push(paragraph(w.no_transits));
  for (const x of ranked) {
    const when = localDateTime(x.exact_utc, offset);
    parts.push(heading(3, `${when.date} ${when.time} · ${line(x)}`));
    parts.push(paragraph(fill(w.significance_text, { line: line(x), aspect_text: ctx.chart.aspects[x.aspect], planet_theme: w.themes[x.transiting as keyof typeof w.themes] })));
  }

  parts.push(heading(2, w.calendar, true));
  const days = new Map<string, TransitEvent[]>();
  for (const x of data.transits) {
    const { date } = localDateTime(x.exact_utc, offset);
    days.set(date, [...(days.get(date) ?? []), x]);
  }
  if (days.size === 0) parts.push(paragraph(w.no_transits));
  parts.push(
    table(
      [t.date, t.time, t.transit],
      [...days.entries()].flatMap(([date, list]) =>
        list.map((x, i) => [i === 0 ? date : '', localDateTime(x.exact_utc, offset).time, `${line(x)}${x.retrograde ? ` (${t.retrograde})` : ''}`]),
      ),
    ),
  );

  parts.push(heading(2, w.stations));
  if (data.stations.length === 0) parts.push(paragraph(w.stations_none));
  else
    parts.push(
      table(
        [t.date, t.time, t.transit],
        data.stations.map((s) => {
          const when = localDateTime(s.utc, offset);
          const template = s.kind === 'retrograde' ? w.station_retrograde : w.station_direct;
          return [when.date, when.time, fill(template, { planet: planetName(ctx, s.body), degree: degree(s.longitude % 30), sign: signName(ctx, s.sign) })];
        }),
      ),
    );

  parts.push(heading(2, w.ingresses));
  if (data.ingresses.length === 0) parts.push(paragraph(w.ingresses_none));
  else
    parts.push(
      table(
        [t.date, t.time, t.transit],
        data.ingresses.map((g) => {
          const when = localDateTime(g.utc, offset);
          return [when.date, when.time, fill(g.retrograde ? w.ingress_retrograde : w.ingress, { planet: planetName(ctx, g.body), sign: signName(ctx, g.sign) })];
        }),
      ),
    );
  parts.push(disclaimer(ctx));
  return parts.join('\n');
}
