import { houseOf, instantFromJulianDayUt, julianDayUt, signedArc } from '@astro/ephemeris';
import { bodyMotion, crossings, NatalChartResult, SAMPLE_STEP_DAYS, searchTransits, solarReturnOfYear, trackMotion } from '@astro/western';
import { escapeHtml } from '../html';
import { degree, heading, houseName, paragraph, planetName, RenderContext, signName, table, zoneLabel } from './common';
import {
  DepthText,
  depthText,
  isPlanet,
  joinNames,
  longDate,
  Planet,
  PLANET_ORDER,
  TRADITIONAL_RULER,
  transitSentence,
  VariantPicker,
  when,
} from './depth-text';
import { fill } from '@astro/text';

/** The bodies whose transits to the return chart make the month-by-month outline, and the points they aspect. */
export const OUTLINE_BODIES = ['Sun', 'Mars', 'Jupiter', 'Saturn'] as const;
export const OUTLINE_POINTS = ['Ascendant', 'Midheaven', 'Sun', 'Moon'] as const;
/** A return planet within this many degrees of a natal angle is "on" it. */
export const NATAL_ANGLE_ORB = 3;
/** Transits narrated in a month's paragraph, the weightiest first; the rest are listed with their dates. */
const NARRATED_PER_MONTH = 3;

export interface OutlineTransit {
  transiting: (typeof OUTLINE_BODIES)[number];
  aspect: 'conjunction' | 'opposition' | 'square' | 'trine' | 'sextile';
  point: (typeof OUTLINE_POINTS)[number];
  utc: string;
  retrograde: boolean;
}

/** The astronomy of the year ahead: transits to the return chart and the Sun's passage through its houses. */
export interface SolarReturnYear {
  next_return_utc: string;
  transits: OutlineTransit[];
  /** the instant the transiting Sun crosses each cusp of the return chart */
  sun_ingresses: { house: number; utc: string }[];
}

/**
 * Every exact transit of the Sun, Mars, Jupiter and Saturn to the return Ascendant, Midheaven, Sun
 * and Moon between this return and the next (each a root of the ephemeris longitude, the
 * platform's one transit search), and the instants the Sun enters each return house.
 */
export function solarReturnYear(
  birthInstant: Date,
  birthOffsetSeconds: number,
  year: number,
  returnUtc: string,
  chart: NatalChartResult,
  ephemerisPath: string,
): SolarReturnYear {
  const next = solarReturnOfYear(birthInstant, birthOffsetSeconds, year + 1, ephemerisPath);
  // An hour inside either return, so the Sun's own return is not counted as a transit.
  const from = new Date(Date.parse(returnUtc) + 3_600_000);
  const to = new Date(next.getTime() - 3_600_000);
  const longitude = (point: string) =>
    point === 'Ascendant'
      ? chart.chart.angles.ascendant
      : point === 'Midheaven'
        ? chart.chart.angles.midheaven
        : chart.chart.planets.find((p) => p.name === point)!.longitude;
  const found = searchTransits(
    { natalPoints: OUTLINE_POINTS.map((name) => ({ name, longitude: longitude(name) })), from, to, bodies: [...OUTLINE_BODIES] },
    ephemerisPath,
  );
  // The Sun's sextiles, squares and trines to the return points come twice a year each and are
  // passing days: the outline keeps its conjunctions and oppositions.
  const transits = found.transits
    .filter((t) => t.transiting !== 'Sun' || t.aspect === 'conjunction' || t.aspect === 'opposition')
    .flatMap((t) =>
      t.perfections.map((p) => ({
        transiting: t.transiting as OutlineTransit['transiting'],
        aspect: t.aspect,
        point: t.natal_point as OutlineTransit['point'],
        utc: p.utc,
        retrograde: p.retrograde,
      })),
    )
    .sort((x, y) => (x.utc < y.utc ? -1 : x.utc > y.utc ? 1 : 0));
  const track = trackMotion(bodyMotion('Sun', ephemerisPath), julianDayUt(from), julianDayUt(to), SAMPLE_STEP_DAYS.Sun, false);
  const sun_ingresses = crossings(
    track,
    chart.chart.houses.map((h) => h.cusp),
  ).map((c) => ({ house: c.target + 1, utc: instantFromJulianDayUt(c.jd).toISOString() }));
  return { next_return_utc: next.toISOString(), transits, sun_ingresses };
}

const BODY_WEIGHT: Record<string, number> = { Saturn: 8, Jupiter: 6, Mars: 4, Sun: 2 };
const ASPECT_WEIGHT: Record<string, number> = { conjunction: 5, opposition: 4, square: 4, trine: 3, sextile: 2 };
const POINT_WEIGHT: Record<string, number> = { Ascendant: 3, Midheaven: 3, Sun: 2, Moon: 2 };
export const outlineWeight = (t: OutlineTransit) => BODY_WEIGHT[t.transiting] * ASPECT_WEIGHT[t.aspect] * POINT_WEIGHT[t.point];

/** Adds months to a calendar date, keeping the day (clamped to the month's length). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** The twelve months of the year ahead, each from the return's local date to the same date of the next month (the last ends with the next return). */
export interface OutlineMonth {
  index: number;
  from: string;
  /** the last local date of the month (inclusive) */
  to: string;
  transits: OutlineTransit[];
  sun_ingresses: { house: number; utc: string }[];
}

export function outlineMonths(year: SolarReturnYear, returnUtc: string, offsetSeconds: number): OutlineMonth[] {
  const start = new Date(Date.parse(returnUtc) + offsetSeconds * 1000).toISOString().slice(0, 10);
  const localDate = (iso: string) => new Date(Date.parse(iso) + offsetSeconds * 1000).toISOString().slice(0, 10);
  const endOfYear = localDate(year.next_return_utc);
  return Array.from({ length: 12 }, (_, index) => {
    const from = addMonths(start, index);
    const nextFrom = index === 11 ? endOfYear : addMonths(start, index + 1);
    const inMonth = (iso: string) => {
      const d = localDate(iso);
      return d >= from && (index === 11 ? d <= nextFrom : d < nextFrom);
    };
    const to = index === 11 ? nextFrom : new Date(Date.parse(`${nextFrom}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return {
      index,
      from,
      to,
      transits: year.transits.filter((t) => inMonth(t.utc)),
      sun_ingresses: year.sun_ingresses.filter((s) => inMonth(s.utc)),
    };
  });
}

type SrText = DepthText['solar_return'];
const houseKey = (h: number) => String(h) as keyof SrText['house_year'];

/** The sections of the solar return report after the return chart: the year's reading in depth. */
export function solarReturnDepthBody(
  ctx: RenderContext,
  data: {
    natal: NatalChartResult;
    chart: NatalChartResult;
    angular: string[];
    house_emphasis: { house: number; planets: string[] }[];
    return_utc: string;
    birth: { timezoneOffsetMinutes: number; timezone?: string };
  },
  year: SolarReturnYear | undefined,
): string {
  const d = depthText(ctx);
  const r = d.solar_return;
  const planets = data.chart.chart.planets;
  const planet = (name: string) => planets.find((p) => p.name === name)!;
  const parts: string[] = [];

  // The plan: each placement is read once. The Moon is read in its own section (by sign and house);
  // an angular planet is read in its house by the text written for it as angular; the angular
  // section then only names them.
  const angular = data.angular.filter(isPlanet);
  const planetSentence = (name: Planet, house: number, area: string) =>
    angular.includes(name)
      ? fill(r.angular_planet[name], { house: houseName(ctx, house), angle: r.angle_area[String(house) as keyof SrText['angle_area']] })
      : fill(r.planet_in_house[name], { area });

  // 1. The year ahead by house emphasis: every house holding a planet other than the Moon, the fullest first.
  parts.push(heading(2, r.emphasis_heading, true), paragraph(r.emphasis_intro));
  for (const h of data.house_emphasis) {
    const names = h.planets.filter(isPlanet).filter((n) => n !== 'Moon');
    if (names.length === 0) continue;
    parts.push(heading(3, `${houseName(ctx, h.house)} · ${names.map((n) => planetName(ctx, n)).join(d.list.comma)}`));
    // The house's area in full for the first planet, then by its short name, so a full house does not repeat one phrase.
    const area = (i: number) => (i === 0 ? r.house_area : r.house_area_short)[houseKey(h.house)];
    const sentences = [r.house_year[houseKey(h.house)], ...names.map((n, i) => planetSentence(n, h.house, area(i)))];
    parts.push(paragraph(sentences.join(d.sentence_gap)));
  }

  // 2. The return Ascendant and its ruler.
  const ascSign = data.chart.chart.houses[0].sign;
  const ruler = TRADITIONAL_RULER[ascSign];
  const rulerAt = planet(ruler);
  parts.push(heading(2, r.ascendant_heading));
  parts.push(
    paragraph(fill(r.ascendant_lead, { sign: signName(ctx, ascSign) }) + d.sentence_gap + r.asc_sign[ascSign as keyof SrText['asc_sign']]),
  );
  parts.push(
    paragraph(
      fill(r.ruler_lead, {
        sign: signName(ctx, ascSign),
        ruler: planetName(ctx, ruler),
        ruler_sign: signName(ctx, rulerAt.sign),
        house: houseName(ctx, rulerAt.house),
      }) +
        d.sentence_gap +
        r.ruler_house[houseKey(rulerAt.house)],
    ),
  );

  // 3. The return Moon.
  const moon = planet('Moon');
  parts.push(heading(2, r.moon_heading));
  parts.push(
    paragraph(
      [
        fill(r.moon_lead, { sign: signName(ctx, moon.sign), house: houseName(ctx, moon.house) }),
        r.moon_sign[moon.sign as keyof SrText['moon_sign']],
        r.moon_house[houseKey(moon.house)],
      ].join(d.sentence_gap),
    ),
  );

  // 4. Angular planets: named, since each was read in its house above (the Moon in its section).
  parts.push(heading(2, r.angular_heading), paragraph(r.angular_intro));
  parts.push(
    paragraph(
      angular.length === 0
        ? r.angular_none
        : fill(r.angular_summary, {
            list: joinNames(
              ctx,
              angular.map((name) => fill(r.angular_item, { planet: d.subject[name], house: houseName(ctx, planet(name).house) })),
            ),
          }),
    ),
  );

  // 5. Against the natal chart.
  parts.push(heading(2, r.natal_heading, true));
  const natalHouse = houseOf(
    data.chart.chart.angles.ascendant,
    data.natal.chart.houses.map((h) => h.cusp),
  );
  parts.push(
    paragraph(
      fill(r.asc_natal_lead, { sign: signName(ctx, ascSign), house: houseName(ctx, natalHouse) }) +
        d.sentence_gap +
        r.asc_in_natal_house[houseKey(natalHouse)],
    ),
  );
  const onAngles = returnPlanetsOnNatalAngles(data.chart, data.natal);
  if (onAngles.length === 0) parts.push(paragraph(fill(r.on_angle_none, { orb: `${NATAL_ANGLE_ORB}°` })));
  for (const hit of onAngles) {
    parts.push(paragraph(fill(r.on_natal_angle[hit.planet], { angle: r.natal_angle_name[hit.angle], orb: degree(hit.orb) })));
  }
  const t = ctx.text.table;
  parts.push(
    table(
      [t.planet, t.natal, t.return],
      planets
        .filter((p) => isPlanet(p.name))
        .map((p) => {
          const natal = data.natal.chart.planets.find((x) => x.name === p.name)!;
          return [planetName(ctx, p.name), `${signName(ctx, natal.sign)} · ${natal.house}`, `${signName(ctx, p.sign)} · ${p.house}`];
        }),
    ),
  );

  // 6. Month by month.
  if (!year) return parts.join('\n');
  const offset = data.birth.timezoneOffsetMinutes * 60;
  parts.push(heading(2, r.months_heading, true), paragraph(fill(r.months_intro, { zone: zoneLabel(ctx, data.birth) })));
  const picker = new VariantPicker();
  const read = new Set<string>();
  const described = new Set<string>();
  const factorKey = (x: OutlineTransit) => `${x.transiting}|${x.aspect}|${x.point}`;
  for (const month of outlineMonths(year, data.return_utc, offset)) {
    parts.push(
      heading(
        3,
        fill(r.month_heading, {
          n: month.index + 1,
          from: longDate(ctx, month.from, { weekday: false }),
          to: longDate(ctx, month.to, { weekday: false }),
        }),
      ),
    );
    // The month's sentences in time order: the Sun's house ingresses and the narrated transits.
    const timed: { utc: string; text: string }[] = month.sun_ingresses.map((s) => ({
      utc: s.utc,
      text: fill(r.sun_enters_house[houseKey(s.house)], { date: when(ctx, s.utc, offset).date }),
    }));
    // Each factor (body, aspect, point) is read once in the year: a second pass is only listed.
    const ranked = [...month.transits].sort((x, y) => outlineWeight(y) - outlineWeight(x) || (x.utc < y.utc ? -1 : 1));
    const narrated = new Set(ranked.filter((x) => !read.has(factorKey(x))).slice(0, NARRATED_PER_MONTH));
    for (const x of narrated) read.add(factorKey(x));
    for (const x of month.transits.filter((e) => narrated.has(e))) {
      const at = when(ctx, x.utc, offset);
      const lead = fill(x.retrograde ? r.event_lead_retrograde : r.event_lead, {
        date: at.date,
        time: at.time,
        planet: planetName(ctx, x.transiting),
        subject: d.subject[x.transiting],
        verb: d.aspect_verb[x.aspect],
        point: r.return_point[x.point],
      });
      const area = described.has(x.point) ? r.point_area_again[x.point] : r.point_area[x.point];
      described.add(x.point);
      timed.push({
        utc: x.utc,
        text: [lead, transitSentence(ctx, picker, { transiting: x.transiting, aspect: x.aspect, point: x.point }, area)]
          .filter(Boolean)
          .join(' '),
      });
    }
    const sentences = timed.sort((x, y) => (x.utc < y.utc ? -1 : 1)).map((x) => x.text);
    const rest = month.transits.filter((e) => !narrated.has(e));
    if (rest.length > 0) {
      const items = rest.map((x) =>
        fill(r.also_item, {
          date: when(ctx, x.utc, offset).date,
          planet: planetName(ctx, x.transiting),
          aspect: d.aspect_noun[x.aspect],
          point: r.return_point[x.point],
        }),
      );
      sentences.push(fill(r.also_exact, { list: items.join(d.list.semicolon) }));
    }
    if (sentences.length === 0) sentences.push(r.month_quiet[month.index % r.month_quiet.length]);
    parts.push(`<p class="month">${escapeHtml(sentences.join(d.sentence_gap))}</p>`);
  }
  return parts.join('\n');
}

/** Return planets (Sun to Pluto) within NATAL_ANGLE_ORB of a natal angle, tightest first. */
export function returnPlanetsOnNatalAngles(chart: NatalChartResult, natal: NatalChartResult) {
  const a = natal.chart.angles;
  const angles = { ascendant: a.ascendant, midheaven: a.midheaven, descendant: a.descendant, imum_coeli: a.imum_coeli };
  const hits: { planet: (typeof PLANET_ORDER)[number]; angle: keyof typeof angles; orb: number }[] = [];
  for (const p of chart.chart.planets) {
    if (!isPlanet(p.name)) continue;
    for (const [angle, longitude] of Object.entries(angles) as [keyof typeof angles, number][]) {
      const orb = Math.abs(signedArc(p.longitude, longitude));
      if (orb <= NATAL_ANGLE_ORB) hits.push({ planet: p.name, angle, orb });
    }
  }
  return hits.sort((x, y) => x.orb - y.orb);
}
