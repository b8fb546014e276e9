import { bodyAt, BodyName, instantFromJulianDayUt, julianDayUt, signedArc, signOf, ZodiacSign } from '@astro/ephemeris';
import { regulaFalsi } from './root-finding';
import { searchTransits } from './transits';

/** A dated event of a horoscope's period: a New or Full Moon, the Sun's change of sign, a planet's station. */
export type SkyEvent =
  | { kind: 'new_moon' | 'full_moon'; utc: string; sign: ZodiacSign; longitude: number }
  | { kind: 'sun_ingress'; utc: string; sign: ZodiacSign; longitude: number }
  | { kind: 'station_retrograde' | 'station_direct'; body: BodyName; utc: string; sign: ZodiacSign; longitude: number };

const SLOW: BodyName[] = ['Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const iso = (jd: number) => instantFromJulianDayUt(jd).toISOString();

/**
 * The lunations in [from, to): the Moon's elongation from the Sun passes 0° (New Moon) or 180°
 * (Full Moon); sampled every half day (a lunation month is 29.5 days), each root refined by regula falsi.
 */
function lunations(fromJd: number, toJd: number, ephemerisPath: string): SkyEvent[] {
  const moonFromSun = (jd: number) => bodyAt(jd, 'Moon', ephemerisPath).longitude - bodyAt(jd, 'Sun', ephemerisPath).longitude;
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
      const moon = bodyAt(exact, 'Moon', ephemerisPath).longitude;
      events.push({ kind, utc: iso(exact), sign: signOf(moon).sign, longitude: moon });
    }
  }
  return events;
}

/** The period's New and Full Moons, the Sun's ingresses and the stations of Mercury to Pluto, in time order. */
export function skyEvents(from: Date, to: Date, ephemerisPath: string): SkyEvent[] {
  const found = searchTransits({ natalPoints: [], from, to, bodies: ['Sun', ...SLOW] }, ephemerisPath);
  const events: SkyEvent[] = [
    ...lunations(julianDayUt(from), julianDayUt(to), ephemerisPath),
    ...found.ingresses
      .filter((g) => g.body === 'Sun')
      .map((g): SkyEvent => ({ kind: 'sun_ingress', utc: g.utc, sign: g.sign, longitude: g.longitude })),
    ...found.stations.map((s): SkyEvent => ({
      kind: s.kind === 'retrograde' ? 'station_retrograde' : 'station_direct',
      body: s.body,
      utc: s.utc,
      sign: s.sign,
      longitude: s.longitude,
    })),
  ];
  return events.sort((x, y) => (x.utc < y.utc ? -1 : x.utc > y.utc ? 1 : 0));
}
