import {
  bodyAt,
  BodyName,
  eclipsesBetween,
  EclipseType,
  instantFromJulianDayUt,
  julianDayUt,
  signedArc,
  signOf,
  ZodiacSign,
} from '@astro/ephemeris';
import { regulaFalsi } from './root-finding';
import { searchTransits } from './transits';

/**
 * A dated event of a horoscope's period: a New or Full Moon, an eclipse (which takes the place of
 * the lunation it falls on), a body's change of sign (the Moon's too, for a day), a planet's station.
 */
export type SkyEvent =
  | { kind: 'new_moon' | 'full_moon'; utc: string; sign: ZodiacSign; longitude: number }
  | { kind: 'solar_eclipse' | 'lunar_eclipse'; eclipse: EclipseType; utc: string; sign: ZodiacSign; longitude: number }
  | { kind: 'ingress'; body: BodyName; retrograde: boolean; utc: string; sign: ZodiacSign; longitude: number }
  | { kind: 'station_retrograde' | 'station_direct'; body: BodyName; utc: string; sign: ZodiacSign; longitude: number };
export type SkyEventKind = SkyEvent['kind'];

/** What a period is dated by: the lunations, and whose changes of sign and stations. */
export interface SkyEventSelection {
  lunations: boolean;
  /** bodies whose ingresses are events */
  ingresses: BodyName[];
  /** bodies whose stations are events */
  stations: BodyName[];
}

const iso = (jd: number) => instantFromJulianDayUt(jd).toISOString();
const moonAt = (jd: number, ephemerisPath: string) => bodyAt(jd, 'Moon', ephemerisPath).longitude;
/** A lunation within a day of an eclipse's maximum is that eclipse (they are at most about an hour apart). */
const SAME_LUNATION_DAYS = 1;

/**
 * The lunations in [from, to): the Moon's elongation from the Sun passes 0° (New Moon) or 180°
 * (Full Moon); sampled every half day (a lunation month is 29.5 days), each root refined by regula falsi.
 */
function lunations(fromJd: number, toJd: number, ephemerisPath: string): SkyEvent[] {
  const moonFromSun = (jd: number) => moonAt(jd, ephemerisPath) - bodyAt(jd, 'Sun', ephemerisPath).longitude;
  const events: SkyEvent[] = [];
  for (const [kind, target] of [
    ['new_moon', 0],
    ['full_moon', 180],
  ] as const) {
    const f = (jd: number) => signedArc(moonFromSun(jd), target);
    for (let jd = fromJd; jd < toJd; jd += 0.5) {
      const hi = Math.min(jd + 0.5, toJd);
      const [a, b] = [f(jd), f(hi)];
      // a root, not the jump of ±180° on the far side of the cycle
      if (a > 0 || b <= 0 || b - a > 90) continue;
      const exact = regulaFalsi(f, jd, hi, a, b);
      const moon = moonAt(exact, ephemerisPath);
      events.push({ kind, utc: iso(exact), sign: signOf(moon).sign, longitude: moon });
    }
  }
  return events;
}

/** The eclipses whose maximum falls in [from, to), placed at the Moon's longitude at the maximum. */
export function eclipseEvents(from: Date, to: Date, ephemerisPath: string): SkyEvent[] {
  return eclipsesBetween(julianDayUt(from), julianDayUt(to), ephemerisPath).map((e): SkyEvent => {
    const moon = moonAt(e.maximumJdUt, ephemerisPath);
    return {
      kind: e.kind === 'solar' ? 'solar_eclipse' : 'lunar_eclipse',
      eclipse: e.type,
      utc: iso(e.maximumJdUt),
      sign: signOf(moon).sign,
      longitude: moon,
    };
  });
}

const byTime = (x: { utc: string }, y: { utc: string }) => (x.utc < y.utc ? -1 : x.utc > y.utc ? 1 : 0);

/**
 * The events of [from, to) in time order: the eclipses (Swiss Ephemeris eclipse search) and, when
 * asked, the other lunations, the ingresses and stations of the chosen bodies.
 */
export function skyEvents(from: Date, to: Date, ephemerisPath: string, selection: SkyEventSelection): SkyEvent[] {
  const eclipses = eclipseEvents(from, to, ephemerisPath);
  const eclipsed = (lunation: SkyEvent) =>
    eclipses.some((e) => Math.abs(Date.parse(e.utc) - Date.parse(lunation.utc)) < SAME_LUNATION_DAYS * 86_400_000);
  const bodies = [...new Set([...selection.ingresses, ...selection.stations])];
  const found = bodies.length > 0 ? searchTransits({ natalPoints: [], from, to, bodies }, ephemerisPath) : { ingresses: [], stations: [] };
  const inside = (e: { utc: string }) => e.utc >= from.toISOString() && e.utc < to.toISOString();
  const events: SkyEvent[] = [
    ...eclipses,
    ...(selection.lunations ? lunations(julianDayUt(from), julianDayUt(to), ephemerisPath).filter((l) => !eclipsed(l)) : []),
    ...found.ingresses
      .filter((g) => selection.ingresses.includes(g.body) && inside(g))
      .map((g): SkyEvent => ({
        kind: 'ingress',
        body: g.body,
        retrograde: g.retrograde,
        utc: g.utc,
        sign: g.sign,
        longitude: g.longitude,
      })),
    ...found.stations
      .filter((s) => selection.stations.includes(s.body) && inside(s))
      .map((s): SkyEvent => ({
        kind: s.kind === 'retrograde' ? 'station_retrograde' : 'station_direct',
        body: s.body,
        utc: s.utc,
        sign: s.sign,
        longitude: s.longitude,
      })),
  ];
  return events.sort(byTime);
}
