import {
  BodyName,
  instantFromJulianDayUt,
  julianDayUt,
  normalizeDegrees,
  signedArc,
  signOf,
  ZODIAC_SIGNS,
  ZodiacSign,
} from '@astro/ephemeris';
import { ASPECTS } from './aspects';
import { bodyMotion, crossings, SAMPLE_STEP_DAYS, Track, trackMotion } from './root-finding';

/** The transiting bodies of a search, Sun to Pluto (the Moon only for short windows, by the caller's rule). */
export const TRANSITING_BODIES: BodyName[] = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
export const TRANSIT_ASPECTS = ['conjunction', 'opposition', 'square', 'trine', 'sextile'] as const;
export type TransitAspect = (typeof TRANSIT_ASPECTS)[number];
/** Default transit orb: 1° for every aspect (see docs/western.md). */
export const DEFAULT_TRANSIT_ORB = 1;

export interface NatalPoint {
  name: string;
  longitude: number;
}

export interface Perfection {
  utc: string;
  /** the transiting body is retrograde at this pass */
  retrograde: boolean;
}

/**
 * One transit: a body comes within `orb` of an aspect to a natal point, perfects it one or more
 * times (three for a retrograde loop), and leaves the orb. `enters_orb_utc` is null when the body
 * was already within orb at the window's start, `leaves_orb_utc` null when still within orb at its end.
 */
export interface Transit {
  transiting: BodyName;
  aspect: TransitAspect;
  natal_point: string;
  /** the exact longitude the transiting body must reach: natal point ± aspect angle */
  target_longitude: number;
  orb: number;
  enters_orb_utc: string | null;
  leaves_orb_utc: string | null;
  perfections: Perfection[];
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
  longitude: number;
  retrograde: boolean;
}

export interface TransitSearch {
  natalPoints: NatalPoint[];
  from: Date;
  to: Date;
  bodies?: BodyName[];
  aspects?: readonly TransitAspect[];
  /** orb per aspect (degrees); missing aspects take DEFAULT_TRANSIT_ORB */
  orbs?: Partial<Record<TransitAspect, number>>;
}

export interface TransitSearchResult {
  transits: Transit[];
  stations: Station[];
  ingresses: Ingress[];
}

const round = (x: number, digits = 6) => Math.round(x * 10 ** digits) / 10 ** digits;
const iso = (jd: number) => instantFromJulianDayUt(jd).toISOString();
const ANGLE: Record<TransitAspect, number> = Object.fromEntries(ASPECTS.map((a) => [a.type, a.angle])) as Record<TransitAspect, number>;

/**
 * Every exact transit of the chosen bodies to the natal points in [from, to], with the entry into
 * and exit from the orb, every station and every sign ingress. Each instant is a root of the
 * ephemeris longitude (see root-finding.ts): no pass of a retrograde loop is missed.
 */
export function searchTransits(search: TransitSearch, ephemerisPath: string): TransitSearchResult {
  const start = julianDayUt(search.from);
  const end = julianDayUt(search.to);
  const aspects = search.aspects ?? TRANSIT_ASPECTS;
  const transits: Transit[] = [];
  const stations: Station[] = [];
  const ingresses: Ingress[] = [];
  for (const body of search.bodies ?? TRANSITING_BODIES) {
    const track = trackMotion(bodyMotion(body, ephemerisPath), start, end, SAMPLE_STEP_DAYS[body], body !== 'Sun' && body !== 'Moon');
    for (const s of track.stations) {
      stations.push({ body, kind: s.kind, utc: iso(s.jd), longitude: round(s.longitude), sign: signOf(s.longitude).sign });
    }
    for (const c of crossings(
      track,
      ZODIAC_SIGNS.map((_, i) => i * 30),
    )) {
      const sign = c.direction === 1 ? c.target : (c.target + 11) % 12;
      ingresses.push({ body, sign: ZODIAC_SIGNS[sign], utc: iso(c.jd), longitude: c.target * 30, retrograde: c.direction === -1 });
    }
    transits.push(...transitsOfBody(body, track, search.natalPoints, aspects, search.orbs ?? {}));
  }
  const byTime = (x: { utc: string }, y: { utc: string }) => (x.utc < y.utc ? -1 : x.utc > y.utc ? 1 : 0);
  transits.sort((x, y) => byTime(x.perfections[0], y.perfections[0]));
  return { transits, stations: stations.sort(byTime), ingresses: ingresses.sort(byTime) };
}

function transitsOfBody(
  body: BodyName,
  track: Track,
  points: NatalPoint[],
  aspects: readonly TransitAspect[],
  orbs: Partial<Record<TransitAspect, number>>,
): Transit[] {
  // Each aspect target gives three longitudes: the exact one and the two edges of the orb.
  const targets: { point: string; aspect: TransitAspect; exact: number; orb: number }[] = [];
  for (const p of points) {
    for (const aspect of aspects) {
      const angle = ANGLE[aspect];
      const orb = orbs[aspect] ?? DEFAULT_TRANSIT_ORB;
      for (const side of angle === 0 || angle === 180 ? [angle] : [angle, -angle]) {
        targets.push({ point: p.name, aspect, exact: normalizeDegrees(p.longitude + side), orb });
      }
    }
  }
  const longitudes = targets.flatMap((t) => [t.exact, t.exact - t.orb, t.exact + t.orb]);
  const events = crossings(track, longitudes);
  const first = track.samples[0];
  const result: Transit[] = [];
  const byTarget: (typeof events)[] = targets.map(() => []);
  for (const e of events) byTarget[Math.floor(e.target / 3)].push(e);
  targets.forEach((t, index) => {
    const mine = byTarget[index];
    let inside = Math.abs(signedArc(first.longitude, t.exact)) <= t.orb;
    let current: Transit | null = inside ? open(body, t, null) : null;
    for (const e of mine) {
      if (e.target % 3 === 0) {
        // a perfection can only happen inside the orb
        current ??= open(body, t, null);
        current.perfections.push({ utc: iso(e.jd), retrograde: e.direction === -1 });
      } else if (inside) {
        inside = false;
        if (current) {
          current.leaves_orb_utc = iso(e.jd);
          if (current.perfections.length > 0) result.push(current);
        }
        current = null;
      } else {
        inside = true;
        current = open(body, t, iso(e.jd));
      }
    }
    if (current && current.perfections.length > 0) result.push(current);
  });
  return result;
}

function open(body: BodyName, t: { point: string; aspect: TransitAspect; exact: number; orb: number }, enters: string | null): Transit {
  return {
    transiting: body,
    aspect: t.aspect,
    natal_point: t.point,
    target_longitude: round(t.exact),
    orb: t.orb,
    enters_orb_utc: enters,
    leaves_orb_utc: null,
    perfections: [],
  };
}
