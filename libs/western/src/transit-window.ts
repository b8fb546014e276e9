import { bisectRoot, bodyAt, BodyName, instantFromJulianDayUt, julianDayUt, normalizeDegrees, signedArc, signOf, ZodiacSign } from '@astro/ephemeris';
import { ASPECTS, AspectType } from './aspects';

export const TRANSITING_BODIES: BodyName[] = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const MAJOR = ASPECTS.filter((a) => ['conjunction', 'opposition', 'square', 'trine', 'sextile'].includes(a.type));
// Sampling steps short enough that no body passes an aspect point twice between two samples.
const STEP_DAYS: Partial<Record<BodyName, number>> = { Moon: 0.25, Mercury: 0.5, Venus: 0.5, Sun: 1, Mars: 1 };

export interface TransitEvent {
  transiting: BodyName;
  aspect: AspectType;
  natal_point: string;
  exact_utc: string;
  /** transiting body retrograde at perfection */
  retrograde: boolean;
}

export interface Station {
  body: BodyName;
  kind: 'retrograde' | 'direct';
  utc: string;
  longitude: number;
  sign: ZodiacSign;
}

export interface Ingress {
  body: BodyName;
  sign: ZodiacSign;
  utc: string;
  retrograde: boolean;
}

/**
 * Every exact transit of the Sun to Pluto to the natal points between two instants, each found by
 * bisection on the ephemeris (to about 0.01 s), plus retrograde stations and sign ingresses.
 */
export function transitsInWindow(
  natalPoints: { name: string; longitude: number }[],
  from: Date,
  to: Date,
  ephemerisPath: string,
): { transits: TransitEvent[]; stations: Station[]; ingresses: Ingress[] } {
  const start = julianDayUt(from);
  const end = julianDayUt(to);
  const transits: TransitEvent[] = [];
  const stations: Station[] = [];
  const ingresses: Ingress[] = [];
  for (const body of TRANSITING_BODIES) {
    const step = STEP_DAYS[body] ?? 2;
    const lon = (jd: number) => bodyAt(jd, body, ephemerisPath).longitude;
    const speed = (jd: number) => bodyAt(jd, body, ephemerisPath).speed;
    const targets = natalPoints.flatMap((p) =>
      MAJOR.flatMap((a) =>
        (a.angle === 0 || a.angle === 180 ? [a.angle] : [a.angle, -a.angle]).map((angle) => ({ point: p.name, aspect: a.type, target: normalizeDegrees(p.longitude + angle) })),
      ),
    );
    let jd = start;
    let prev = bodyAt(jd, body, ephemerisPath);
    while (jd < end) {
      const next = Math.min(jd + step, end);
      const cur = bodyAt(next, body, ephemerisPath);
      for (const t of targets) {
        const a = signedArc(prev.longitude, t.target);
        const b = signedArc(cur.longitude, t.target);
        if (Math.sign(a) !== Math.sign(b) && Math.abs(a - b) < 180) {
          const exact = bisectRoot((x) => signedArc(lon(x), t.target), jd, next);
          transits.push({ transiting: body, aspect: t.aspect, natal_point: t.point, exact_utc: instantFromJulianDayUt(exact).toISOString(), retrograde: speed(exact) < 0 });
        }
      }
      if (body !== 'Sun' && body !== 'Moon' && Math.sign(prev.speed) !== Math.sign(cur.speed)) {
        const when = bisectRoot(speed, jd, next);
        const l = lon(when);
        stations.push({ body, kind: cur.speed < 0 ? 'retrograde' : 'direct', utc: instantFromJulianDayUt(when).toISOString(), longitude: Math.round(l * 1e4) / 1e4, sign: signOf(l).sign });
      }
      const signPrev = Math.floor(prev.longitude / 30);
      const signCur = Math.floor(cur.longitude / 30);
      if (signPrev !== signCur) {
        const boundary = cur.speed >= 0 ? signCur * 30 : signPrev * 30;
        const when = bisectRoot((x) => signedArc(lon(x), boundary), jd, next);
        ingresses.push({ body, sign: signOf(cur.longitude).sign, utc: instantFromJulianDayUt(when).toISOString(), retrograde: cur.speed < 0 });
      }
      prev = cur;
      jd = next;
    }
  }
  const byTime = <T extends { utc?: string; exact_utc?: string }>(x: T, y: T) => ((x.exact_utc ?? x.utc)! < (y.exact_utc ?? y.utc)! ? -1 : 1);
  return { transits: transits.sort(byTime), stations: stations.sort(byTime), ingresses: ingresses.sort(byTime) };
}
