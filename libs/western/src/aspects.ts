import { signedArc } from '@astro/ephemeris';

/**
 * Aspects and their orbs (degrees). The five Ptolemaic aspects use the orbs most Western software
 * defaults to; the two minor ones get small orbs so they only show when close to exact.
 */
export const ASPECTS = [
  { type: 'conjunction', angle: 0, orb: 8 },
  { type: 'opposition', angle: 180, orb: 8 },
  { type: 'square', angle: 90, orb: 7 },
  { type: 'trine', angle: 120, orb: 7 },
  { type: 'sextile', angle: 60, orb: 5 },
  { type: 'quincunx', angle: 150, orb: 3 },
  { type: 'semi_sextile', angle: 30, orb: 2 },
] as const;
export type AspectType = (typeof ASPECTS)[number]['type'];

export interface AspectPoint {
  name: string;
  longitude: number;
  /** degrees per day; 0 for points without motion of their own (composite points) */
  speed: number;
}

export interface Aspect {
  a: string;
  b: string;
  type: AspectType;
  exact_angle: number;
  orb: number;
  applying: boolean;
}

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

export type AspectTable = readonly { type: AspectType; angle: number; orb: number }[];

/** The five Ptolemaic aspects, each with the same orb (progressions and directions: 1°). */
export function ptolemaicWithOrb(orb: number): AspectTable {
  return ASPECTS.filter((a) => ['conjunction', 'opposition', 'square', 'trine', 'sextile'].includes(a.type)).map((a) => ({ ...a, orb }));
}

/** The aspect between two points, if any: the closest aspect angle within its orb. */
export function aspectBetween(a: AspectPoint, b: AspectPoint, table: AspectTable = ASPECTS): Aspect | null {
  const separation = signedArc(a.longitude, b.longitude);
  const distance = Math.abs(separation);
  let best: AspectTable[number] | null = null;
  for (const aspect of table) {
    const orb = Math.abs(distance - aspect.angle);
    if (orb <= aspect.orb && (!best || orb < Math.abs(distance - best.angle))) best = aspect;
  }
  if (!best) return null;
  // The orb shrinks (applying) when the separation moves toward the exact angle.
  const distanceRate = Math.sign(separation || 1) * (a.speed - b.speed);
  const orbRate = Math.sign(distance - best.angle || 1) * distanceRate;
  return {
    a: a.name,
    b: b.name,
    type: best.type,
    exact_angle: best.angle,
    orb: round(Math.abs(distance - best.angle)),
    applying: orbRate < 0,
  };
}

/** Aspects among one set of points (each pair once), tightest first. */
export function aspectsWithin(points: AspectPoint[]): Aspect[] {
  const found: Aspect[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const aspect = aspectBetween(points[i], points[j]);
      if (aspect) found.push(aspect);
    }
  }
  return found.sort((x, y) => x.orb - y.orb);
}

/** Aspects from every point of one set to every point of another (synastry, cross aspects). */
export function aspectsBetween(from: AspectPoint[], to: AspectPoint[], table: AspectTable = ASPECTS): Aspect[] {
  const found: Aspect[] = [];
  for (const a of from)
    for (const b of to) {
      const aspect = aspectBetween(a, b, table);
      if (aspect) found.push(aspect);
    }
  return found.sort((x, y) => x.orb - y.orb);
}
