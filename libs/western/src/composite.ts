import {
  Birth,
  bisectRoot,
  bodyAt,
  BodyName,
  BodyPosition,
  houseOf,
  houses,
  housesFromArmc,
  HouseSystem,
  instantFromJulianDayUt,
  julianDayUt,
  normalizeDegrees,
  planetPositions,
  signedArc,
  signOf,
  trueObliquity,
  ZodiacSign,
} from '@astro/ephemeris';
import { Aspect, ASPECTS, aspectsBetween, aspectsWithin, AspectType } from './aspects';
import { chartAngles, houseCusps } from './natal';

const round = (x: number) => Math.round(x * 1e6) / 1e6;
const DEG = Math.PI / 180;

/**
 * The midpoint on the shorter arc between two longitudes: 350° and 10° give 0°, not 180°.
 * Exactly opposite points have two midpoints; we take the one 90° after `a`.
 */
export function shorterArcMidpoint(a: number, b: number): number {
  return normalizeDegrees(a + signedArc(b, a) / 2);
}

/** The ARMC (right ascension of the MC) that puts the MC at `midheaven` for obliquity `eps`. */
export function armcFromMidheaven(midheaven: number, obliquity: number): number {
  const m = midheaven * DEG;
  return normalizeDegrees(Math.atan2(Math.sin(m) * Math.cos(obliquity * DEG), Math.cos(m)) / DEG);
}

interface NatalPoints {
  bodies: BodyPosition[];
  ascendant: number;
  midheaven: number;
  jdUt: number;
}

function natalPoints(input: Birth, system: HouseSystem, ephemerisPath: string): NatalPoints {
  const { julianDayUt: jdUt, bodies } = planetPositions(input.instant, ephemerisPath);
  const h = houses(jdUt, input.latitude, input.longitude, system, ephemerisPath);
  return { bodies, ascendant: h.ascendant, midheaven: h.midheaven, jdUt };
}

export interface CompositeBody {
  name: string;
  longitude: number;
  sign: ZodiacSign;
  sign_degree: number;
  house: number;
}

export interface TransitHit {
  transiting: string;
  aspect: AspectType;
  composite_point: string;
  /** the smallest orb during the day, degrees */
  orb: number;
  /** when the aspect is exact during that day (UTC), else null */
  exact_utc: string | null;
}

export interface CompositeResult {
  chart: {
    method: string;
    planets: CompositeBody[];
    houses: { house: number; cusp: number; sign: ZodiacSign }[];
    angles: ReturnType<typeof chartAngles>;
    aspects: Aspect[];
    house_system_used: string;
    warnings: string[];
  };
  cross_aspects: Aspect[];
  days: { date: string; transits: TransitHit[] }[];
}

export const COMPOSITE_METHOD =
  'midpoint composite: each body at the shorter-arc midpoint of the two natal positions; houses by the derived-MC method ' +
  '(MC = midpoint of the natal MCs, ARMC derived from it with the true obliquity at the mean of the two birth instants, ' +
  'cusps computed for that ARMC at the mean of the two birth latitudes)';

// Transits checked against composite points, and the aspects reported for them (within 1°).
const TRANSITING: BodyName[] = ['Sun', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const MAJOR = ASPECTS.filter((a) => ['conjunction', 'opposition', 'square', 'trine', 'sextile'].includes(a.type));
const TRANSIT_ORB = 1;

export function compositeChart(
  a: Birth,
  b: Birth,
  system: HouseSystem,
  options: { ephemerisPath: string; fromDate: Date; days?: number },
): CompositeResult {
  const { ephemerisPath } = options;
  const natalA = natalPoints(a, system, ephemerisPath);
  const natalB = natalPoints(b, system, ephemerisPath);

  const midheaven = shorterArcMidpoint(natalA.midheaven, natalB.midheaven);
  const obliquity = trueObliquity((natalA.jdUt + natalB.jdUt) / 2, ephemerisPath);
  const latitude = (a.latitude + b.latitude) / 2;
  const h = housesFromArmc(armcFromMidheaven(midheaven, obliquity), latitude, obliquity, system, ephemerisPath);

  const compositeBodies = natalA.bodies.map((bodyA, i) => {
    const bodyB = natalB.bodies[i];
    const longitude = shorterArcMidpoint(bodyA.longitude, bodyB.longitude);
    return { name: bodyA.name, longitude, speed: (bodyA.speed + bodyB.speed) / 2 };
  });
  const planets: CompositeBody[] = compositeBodies.map((p) => {
    const { sign, signDegree } = signOf(p.longitude);
    return { name: p.name, longitude: round(p.longitude), sign, sign_degree: round(signDegree), house: houseOf(p.longitude, h.cusps) };
  });
  const points = [
    ...compositeBodies.map((p) => ({ name: p.name, longitude: p.longitude })),
    { name: 'Ascendant', longitude: h.ascendant },
    { name: 'Midheaven', longitude: h.midheaven },
  ];

  return {
    chart: {
      method: COMPOSITE_METHOD,
      planets,
      houses: houseCusps(h),
      angles: chartAngles(h),
      aspects: aspectsWithin(compositeBodies),
      house_system_used: h.used,
      warnings: h.warnings,
    },
    cross_aspects: aspectsBetween(
      natalA.bodies.map((p) => ({ name: p.name, longitude: p.longitude, speed: p.speed })),
      natalB.bodies.map((p) => ({ name: p.name, longitude: p.longitude, speed: p.speed })),
    ),
    days: options.days === 0 ? [] : transitDays(points, options.fromDate, options.days ?? 30, ephemerisPath),
  };
}

/**
 * For each UTC day, the transits of the Sun and Jupiter–Pluto to composite points that come within
 * 1°, with the instant of perfection when it falls in that day (bisection on the ephemeris).
 */
export function transitDays(
  points: { name: string; longitude: number }[],
  fromDate: Date,
  count: number,
  ephemerisPath: string,
): { date: string; transits: TransitHit[] }[] {
  const firstDay = Date.UTC(fromDate.getUTCFullYear(), fromDate.getUTCMonth(), fromDate.getUTCDate());
  const days: { date: string; transits: TransitHit[] }[] = [];
  for (let d = 0; d < count; d++) {
    const start = julianDayUt(new Date(firstDay + d * 86_400_000));
    const end = start + 1;
    const transits: TransitHit[] = [];
    for (const body of TRANSITING) {
      const lonStart = bodyAt(start, body, ephemerisPath).longitude;
      const lonEnd = bodyAt(end, body, ephemerisPath).longitude;
      for (const point of points) {
        for (const aspect of MAJOR) {
          for (const target of aspectTargets(point.longitude, aspect.angle)) {
            const arcStart = signedArc(lonStart, target);
            const arcEnd = signedArc(lonEnd, target);
            const crosses = Math.sign(arcStart) !== Math.sign(arcEnd) && Math.abs(arcStart - arcEnd) < 180;
            const orb = crosses ? 0 : Math.min(Math.abs(arcStart), Math.abs(arcEnd));
            if (orb > TRANSIT_ORB) continue;
            const exact = crosses
              ? bisectRoot((jd) => signedArc(bodyAt(jd, body, ephemerisPath).longitude, target), start, end, arcStart)
              : null;
            transits.push({
              transiting: body,
              aspect: aspect.type,
              composite_point: point.name,
              orb: Math.round(orb * 1e4) / 1e4,
              exact_utc: exact === null ? null : instantFromJulianDayUt(exact).toISOString(),
            });
          }
        }
      }
    }
    transits.sort((x, y) => x.orb - y.orb);
    days.push({ date: new Date(firstDay + d * 86_400_000).toISOString().slice(0, 10), transits });
  }
  return days;
}

/** The one or two longitudes at which a transiting body makes `angle` to a point. */
function aspectTargets(point: number, angle: number): number[] {
  if (angle === 0 || angle === 180) return [normalizeDegrees(point + angle)];
  return [normalizeDegrees(point + angle), normalizeDegrees(point - angle)];
}
