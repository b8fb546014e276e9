import { Birth, hamburgBodyPositions, houses, julianDayUt, planetPositions } from '@astro/ephemeris';
import { dialDistance, dialMidpoint, dialPosition } from './dial';
import { Factor, FACTORS, Localized, pictureMeaning } from './factors';

export interface UranianChartInput {
  birth: Birth;
  /** orb on the dial in degrees (default 1.5 = 1°30′) */
  orbDegrees?: number;
  /** the factors of the midpoint sort, trees and pictures; default all */
  factors?: readonly Factor[];
  /** the closest pictures kept (default 100) */
  maxPictures?: number;
}

export interface FactorPosition {
  factor: Factor;
  name: string;
  longitude: number;
  dial_position: number;
  speed: number | null;
}

export interface Midpoint {
  a: Factor;
  b: Factor;
  label: string;
  dial_position: number;
}

export interface MidpointTree {
  factor: Factor;
  dial_position: number;
  midpoints: { label: string; orb: number }[];
}

export interface PlanetaryPicture {
  formula: string;
  a: Factor;
  b: Factor;
  c: Factor;
  d: Factor;
  orb: number;
  meaning: Localized;
}

export interface UranianChart {
  system: 'hamburg_school';
  julian_day_ut: number;
  orb_degrees: number;
  factors: FactorPosition[];
  midpoint_sort: { label: string; kind: 'factor' | 'midpoint'; dial_position: number }[];
  midpoint_trees: MidpointTree[];
  /** how many pictures were found within the orb; the closest `max_pictures` are listed */
  planetary_pictures_found: number;
  planetary_pictures: PlanetaryPicture[];
}

const PLANET_FACTOR: Record<string, Factor> = {
  Sun: 'SU',
  Moon: 'MO',
  Mercury: 'ME',
  Venus: 'VE',
  Mars: 'MA',
  Jupiter: 'JU',
  Saturn: 'SA',
  Uranus: 'UR',
  Neptune: 'NE',
  Pluto: 'PL',
};
const HAMBURG_FACTOR: Record<string, Factor> = {
  Cupido: 'CU',
  Hades: 'HA',
  Zeus: 'ZE',
  Kronos: 'KR',
  Apollon: 'AP',
  Admetos: 'AD',
  Vulkanus: 'VU',
  Poseidon: 'PO',
  'Mean Node': 'NO',
};
const NAMES: Record<Factor, string> = {
  AR: 'Aries point',
  MC: 'MC',
  AS: 'Ascendant',
  SU: 'Sun',
  MO: 'Moon',
  NO: 'Node',
  ME: 'Mercury',
  VE: 'Venus',
  MA: 'Mars',
  JU: 'Jupiter',
  SA: 'Saturn',
  UR: 'Uranus',
  NE: 'Neptune',
  PL: 'Pluto',
  CU: 'Cupido',
  HA: 'Hades',
  ZE: 'Zeus',
  KR: 'Kronos',
  AP: 'Apollon',
  AD: 'Admetos',
  VU: 'Vulkanus',
  PO: 'Poseidon',
};

const round = (x: number, digits = 6) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The tropical longitudes of every factor at the instant and place. */
export function factorLongitudes(input: Birth, ephemerisPath: string): Map<Factor, { longitude: number; speed: number | null }> {
  const jd = julianDayUt(input.instant);
  const out = new Map<Factor, { longitude: number; speed: number | null }>();
  out.set('AR', { longitude: 0, speed: null });
  const h = houses(jd, input.latitude, input.longitude, 'P', ephemerisPath);
  out.set('MC', { longitude: h.midheaven, speed: null });
  out.set('AS', { longitude: h.ascendant, speed: null });
  for (const body of planetPositions(input.instant, ephemerisPath).bodies) {
    const factor = PLANET_FACTOR[body.name];
    if (factor) out.set(factor, { longitude: body.longitude, speed: body.speed });
  }
  for (const body of hamburgBodyPositions(jd, ephemerisPath))
    out.set(HAMBURG_FACTOR[body.name], { longitude: body.longitude, speed: body.speed });
  return out;
}

export function uranianChart(input: UranianChartInput, ephemerisPath: string): UranianChart {
  return chartFromLongitudes(factorLongitudes(input.birth, ephemerisPath), julianDayUt(input.birth.instant), input);
}

/** The dial, midpoint sort, trees and pictures of known factor longitudes. */
export function chartFromLongitudes(
  longitudes: Map<Factor, { longitude: number; speed: number | null }>,
  julianDay: number,
  input: Pick<UranianChartInput, 'orbDegrees' | 'factors' | 'maxPictures'>,
): UranianChart {
  const orb = input.orbDegrees ?? 1.5;
  const chosen = FACTORS.filter((f) => (input.factors ?? FACTORS).includes(f));
  const factors: FactorPosition[] = chosen.map((factor) => {
    const { longitude, speed } = longitudes.get(factor)!;
    return {
      factor,
      name: NAMES[factor],
      longitude: round(longitude),
      dial_position: round(dialPosition(longitude)),
      speed: speed === null ? null : round(speed),
    };
  });

  const midpoints: Midpoint[] = [];
  for (let i = 0; i < factors.length; i++) {
    for (let j = i + 1; j < factors.length; j++) {
      const a = factors[i];
      const b = factors[j];
      midpoints.push({ a: a.factor, b: b.factor, label: `${a.factor}/${b.factor}`, dial_position: dialMidpoint(a.longitude, b.longitude) });
    }
  }

  const midpoint_sort = [
    ...factors.map((f) => ({ label: f.factor, kind: 'factor' as const, dial_position: f.dial_position })),
    ...midpoints.map((m) => ({ label: m.label, kind: 'midpoint' as const, dial_position: round(m.dial_position) })),
  ].sort((x, y) => x.dial_position - y.dial_position);

  const midpoint_trees: MidpointTree[] = factors.map((f) => {
    const within: { label: string; orb: number }[] = [];
    for (const m of midpoints) {
      if (m.a === f.factor || m.b === f.factor) continue;
      const distance = dialDistance(f.dial_position, m.dial_position);
      if (distance <= orb) within.push({ label: m.label, orb: distance });
    }
    within.sort((x, y) => x.orb - y.orb);
    return { factor: f.factor, dial_position: f.dial_position, midpoints: within.map((m) => ({ label: m.label, orb: round(m.orb, 4) })) };
  });

  // A + B − C = D holds when the midpoints A/B and C/D coincide on the dial: one picture per pair of
  // disjoint pairs. Found with numbers only; text is written for the kept ones.
  const found = coincidingMidpoints(midpoints, orb);
  found.sort((x, y) => x.orb - y.orb);
  const pictures: PlanetaryPicture[] = found.slice(0, input.maxPictures ?? 100).map(({ p, q, orb: deviation }) => ({
    formula: `${p.a} + ${p.b} − ${q.a} = ${q.b}`,
    a: p.a,
    b: p.b,
    c: q.a,
    d: q.b,
    orb: round(deviation, 4),
    meaning: pictureMeaning(p.a, p.b, q.a, q.b),
  }));

  return {
    system: 'hamburg_school',
    julian_day_ut: julianDay,
    orb_degrees: orb,
    factors,
    midpoint_sort,
    midpoint_trees,
    planetary_pictures_found: found.length,
    planetary_pictures: pictures,
  };
}

/**
 * Pairs of midpoints with no factor in common whose doubled dial positions (A + B and C + D)
 * coincide modulo 45 within the orb: a sweep over the positions sorted on the 45° circle, so only
 * near neighbours are compared (the all-pairs loop is 26 000 comparisons for 22 factors).
 */
function coincidingMidpoints(midpoints: Midpoint[], orb: number): { p: Midpoint; q: Midpoint; orb: number }[] {
  const keyed = midpoints.map((m, index) => ({ m, index, key: (2 * m.dial_position) % 45 })).sort((x, y) => x.key - y.key);
  const n = keyed.length;
  const found: { p: Midpoint; q: Midpoint; orb: number }[] = [];
  for (let i = 0; i < n; i++) {
    const p = keyed[i];
    // walk forward around the circle while the gap stays within the orb (each pair once: i < j in circular order, j ≠ i)
    for (let step = 1; step < n; step++) {
      const q = keyed[(i + step) % n];
      const gap = i + step < n ? q.key - p.key : q.key + 45 - p.key;
      if (gap > orb) break;
      const a = p.m;
      const b = q.m;
      if (a.a === b.a || a.a === b.b || a.b === b.a || a.b === b.b) continue;
      // the formula keeps the order of the midpoint list (A/B before C/D)
      found.push(p.index < q.index ? { p: a, q: b, orb: gap } : { p: b, q: a, orb: gap });
    }
  }
  return found;
}
