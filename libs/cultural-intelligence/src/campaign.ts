import { bisectRoot, bodyAt, instantFromJulianDayUt, julianDayUt, signedArc, signOf, ZodiacSign } from '@astro/ephemeris';
import { transitsInWindow } from '@astro/western';
import campaignEn from './content/campaign-en.json';
import campaignTh from './content/campaign-th.json';
import { CiLocale } from './content';
import { CiAudience } from './reflection';
import { fill } from '@astro/text';

export type CampaignCalendar = 'western' | 'chinese' | 'thai';
export interface CampaignBlock {
  kind: 'sun_ingress' | 'station' | 'new_moon' | 'full_moon' | 'solar_term' | 'thai_observance';
  date: string;
  title: string;
  body: string;
}

type CampaignContent = typeof campaignEn;
const CONTENT = new Map<CiLocale, CampaignContent>([
  ['en', campaignEn],
  ['th', campaignTh],
]);
const STATION_BODIES = new Set(['Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn']);
/** Thai observances on fixed solar dates (month-day), the ones a workplace calendar marks. */
const THAI_FIXED_DAYS: [string, keyof CampaignContent['thai_days']][] = [
  ['04-13', 'songkran'],
  ['08-12', 'mothers_day'],
  ['12-05', 'fathers_day'],
];

interface Moment {
  kind: CampaignBlock['kind'];
  utc: Date;
  fill: (c: CampaignContent) => { title: string; body: string };
}

/**
 * The astrological weather of a period as ready-to-publish copy blocks: the Sun's ingresses, the
 * stations of Mercury to Saturn, new and full moons, the Chinese solar terms and Thai observances,
 * each instant from the ephemeris (the same root finding as the transit reports). Dates are UTC.
 */
export function campaignBlocks(options: {
  from: string;
  to: string;
  theme: string;
  locale: CiLocale;
  audience: CiAudience;
  calendars: CampaignCalendar[];
  ephemerisPath: string;
}): CampaignBlock[] {
  const content = CONTENT.get(options.locale)!;
  const start = new Date(`${options.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${options.to}T00:00:00Z`) + 86_400_000);
  const moments: Moment[] = [];
  if (options.calendars.includes('western')) moments.push(...westernMoments(start, end, options.ephemerisPath));
  if (options.calendars.includes('chinese')) moments.push(...solarTerms(start, end, options.ephemerisPath));
  if (options.calendars.includes('thai')) moments.push(...thaiObservances(options.from, options.to));
  const closing = fill(content.theme_line, { theme: options.theme, closing: content.closing[options.audience] });
  return moments
    .sort((a, b) => a.utc.getTime() - b.utc.getTime())
    .map((m) => {
      const text = m.fill(content);
      return { kind: m.kind, date: m.utc.toISOString().slice(0, 10), title: text.title, body: `${text.body} ${closing}` };
    });
}

function westernMoments(start: Date, end: Date, ephemerisPath: string): Moment[] {
  const { stations, ingresses } = transitsInWindow([], start, end, ephemerisPath);
  const moments: Moment[] = [];
  for (const ingress of ingresses.filter((i) => i.body === 'Sun')) {
    const sign = ingress.sign as ZodiacSign;
    moments.push({
      kind: 'sun_ingress',
      utc: new Date(ingress.utc),
      fill: (c) => ({ title: fill(c.sun_ingress.title, { sign: c.signs[sign] }), body: c.sun_ingress.body[sign] }),
    });
  }
  for (const station of stations.filter((s) => STATION_BODIES.has(s.body))) {
    const planet = station.body as keyof CampaignContent['planets'];
    const sign = station.sign as ZodiacSign;
    moments.push({
      kind: 'station',
      utc: new Date(station.utc),
      fill: (c) => ({
        title: fill(station.kind === 'retrograde' ? c.station.retrograde_title : c.station.direct_title, {
          planet: c.planets[planet],
          sign: c.signs[sign],
        }),
        body: (station.kind === 'retrograde' ? c.station.retrograde : c.station.direct)[planet],
      }),
    });
  }
  for (const lunation of lunations(start, end, ephemerisPath)) {
    const sign = signOf(bodyAt(julianDayUt(lunation.utc), 'Moon', ephemerisPath).longitude).sign;
    const full = lunation.kind === 'full_moon';
    moments.push({
      kind: lunation.kind,
      utc: lunation.utc,
      fill: (c) => ({
        title: fill(full ? c.lunation.full_moon_title : c.lunation.new_moon_title, { sign: c.signs[sign] }),
        body: fill(full ? c.lunation.full_moon : c.lunation.new_moon, { sign: c.signs[sign] }),
      }),
    });
  }
  return moments;
}

/** New and full moons: the Moon–Sun elongation crossing 0° and 180°, bracketed in half-day steps. */
export function lunations(start: Date, end: Date, ephemerisPath: string): { kind: 'new_moon' | 'full_moon'; utc: Date }[] {
  const elongation = (jd: number) => bodyAt(jd, 'Moon', ephemerisPath).longitude - bodyAt(jd, 'Sun', ephemerisPath).longitude;
  const found: { kind: 'new_moon' | 'full_moon'; utc: Date }[] = [];
  const endJd = julianDayUt(end);
  for (const [kind, target] of [
    ['new_moon', 0],
    ['full_moon', 180],
  ] as const) {
    const arc = (jd: number) => signedArc(elongation(jd), target);
    for (let jd = julianDayUt(start); jd < endJd; jd += 0.5) {
      const next = Math.min(jd + 0.5, endJd);
      const a = arc(jd);
      const b = arc(next);
      if (a < 0 && b >= 0) found.push({ kind, utc: instantFromJulianDayUt(bisectRoot(arc, jd, next)) });
    }
  }
  return found;
}

/** The 24 solar terms: the Sun's apparent longitude reaching each multiple of 15°. */
function solarTerms(start: Date, end: Date, ephemerisPath: string): Moment[] {
  const moments: Moment[] = [];
  const endJd = julianDayUt(end);
  const sun = (jd: number) => bodyAt(jd, 'Sun', ephemerisPath).longitude;
  for (let jd = julianDayUt(start); jd < endJd; jd += 1) {
    const next = Math.min(jd + 1, endJd);
    const target = (Math.ceil(sun(jd) / 15) * 15) % 360;
    const a = signedArc(sun(jd), target);
    const b = signedArc(sun(next), target);
    if (a < 0 && b >= 0) {
      const key = String(target) as keyof CampaignContent['solar_terms'];
      moments.push({
        kind: 'solar_term',
        utc: instantFromJulianDayUt(bisectRoot((x) => signedArc(sun(x), target), jd, next)),
        fill: (c) => {
          const [term, meaning] = c.solar_terms[key];
          return { title: fill(c.solar_term.title, { term }), body: fill(c.solar_term.body, { term, meaning }) };
        },
      });
    }
  }
  return moments;
}

function thaiObservances(from: string, to: string): Moment[] {
  const moments: Moment[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const [monthDay, key] of THAI_FIXED_DAYS) {
      const date = `${year}-${monthDay}`;
      if (date < from || date > to) continue;
      moments.push({
        kind: 'thai_observance',
        utc: new Date(`${date}T00:00:00Z`),
        fill: (c) => ({ title: c.thai_days[key][0], body: c.thai_days[key][1] }),
      });
    }
  }
  return moments;
}
