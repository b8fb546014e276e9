import { aspectBetween, AspectPoint, AspectTable, AspectType, ASPECTS } from './aspects';

/**
 * The synastry compatibility score (docs/western.md, "Synastry score"): every major inter-aspect
 * between the two people's Sun, Moon, Mercury, Venus, Mars, Saturn, Ascendant and Midheaven counts,
 * each worth
 *
 *     points = ASPECT_POINTS[aspect] × nature × PLANET_WEIGHT[a] × PLANET_WEIGHT[b] × (1 − orb / max orb)
 *
 * and the score is 50 plus all points, clamped to 0–100. Each weight's source or reasoning is in
 * docs/western.md.
 */
export const SCORE_POINTS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Saturn', 'Ascendant', 'Midheaven'] as const;
const ANGLES = ['Ascendant', 'Midheaven'];

/** The natal orbs of the five major aspects (aspects.ts): the contact fades linearly to zero at the orb's edge. */
export const SCORE_ASPECTS: AspectTable = ASPECTS.filter((a) =>
  ['conjunction', 'opposition', 'square', 'trine', 'sextile'].includes(a.type),
);

/**
 * Points of an exact aspect between two weight-1 points, before its nature's sign: 0.7 × the
 * aspect's natal orb (conjunction and opposition 5.6, trine and square 4.9, sextile 3.5), so the
 * conventional orb allocation, which gives the stronger aspects the wider orbs, sets their ratio.
 */
export const POINTS_PER_ORB_DEGREE = 0.7;
const ASPECT_POINTS: Record<string, number> = Object.fromEntries(SCORE_ASPECTS.map((a) => [a.type, POINTS_PER_ORB_DEGREE * a.orb]));

/** How much each point's contacts weigh: the luminaries most, then Venus and the Ascendant. */
export const PLANET_WEIGHT: Record<(typeof SCORE_POINTS)[number], number> = {
  Sun: 1.5,
  Moon: 1.5,
  Venus: 1.2,
  Ascendant: 1.2,
  Mars: 1,
  Mercury: 0.8,
  Saturn: 0.8,
  Midheaven: 0.8,
};

/** The classic relationship pairs (Ptolemy's luminaries, Jung's marriage aspects): their oppositions attract. */
const CLASSIC_PAIRS = new Set([
  'Sun-Moon',
  'Moon-Moon',
  'Venus-Mars',
  'Sun-Venus',
  'Moon-Venus',
  'Sun-Ascendant',
  'Moon-Ascendant',
  'Venus-Ascendant',
  'Mars-Ascendant',
]);
const isClassic = (a: string, b: string) => CLASSIC_PAIRS.has(`${a}-${b}`) || CLASSIC_PAIRS.has(`${b}-${a}`);

export type ContactNature = 'harmonious' | 'challenging' | 'bonding' | 'binding' | 'attraction' | 'polarity';

/** The sign and kind of a contact: which way its points go and the label the report gives it. */
export function contactNature(a: string, b: string, aspect: AspectType): { sign: number; key: ContactNature } {
  const saturn = a === 'Saturn' || b === 'Saturn';
  switch (aspect) {
    case 'trine':
    case 'sextile':
      return { sign: 1, key: 'harmonious' };
    case 'square':
      return { sign: -1, key: 'challenging' };
    case 'opposition':
      return isClassic(a, b) ? { sign: 0.5, key: 'attraction' } : { sign: -0.5, key: 'polarity' };
    default:
      // Saturn on a personal point binds: loyalty and duty, and a weight the other person feels.
      return saturn ? { sign: -0.5, key: 'binding' } : { sign: 1, key: 'bonding' };
  }
}

export interface ScoredContact {
  a: string;
  b: string;
  aspect: AspectType;
  orb: number;
  key: ContactNature;
  points: number;
}

/**
 * Every scored contact of A's points to B's, largest points first. Angle-to-angle contacts and
 * Saturn to Saturn are left out: two people born in the same year or the same place at the same
 * hour share them without any bearing on the pair. Angles count only where `angles` says the birth
 * time is known.
 */
export function scoredContacts(
  a: AspectPoint[],
  b: AspectPoint[],
  angles: { a: boolean; b: boolean } = { a: true, b: true },
): ScoredContact[] {
  const usable = (points: AspectPoint[], withAngles: boolean) =>
    points.filter((p) => (SCORE_POINTS as readonly string[]).includes(p.name) && (withAngles || !ANGLES.includes(p.name)));
  const contacts: ScoredContact[] = [];
  for (const pa of usable(a, angles.a))
    for (const pb of usable(b, angles.b)) {
      if (ANGLES.includes(pa.name) && ANGLES.includes(pb.name)) continue;
      if (pa.name === 'Saturn' && pb.name === 'Saturn') continue;
      const aspect = aspectBetween(pa, pb, SCORE_ASPECTS);
      if (!aspect) continue;
      const maxOrb = SCORE_ASPECTS.find((x) => x.type === aspect.type)!.orb;
      const nature = contactNature(pa.name, pb.name, aspect.type);
      const weight = PLANET_WEIGHT[pa.name as keyof typeof PLANET_WEIGHT] * PLANET_WEIGHT[pb.name as keyof typeof PLANET_WEIGHT];
      const points = ASPECT_POINTS[aspect.type] * nature.sign * weight * (1 - aspect.orb / maxOrb);
      const rounded = Math.round(points * 10) / 10;
      if (rounded !== 0) contacts.push({ a: pa.name, b: pb.name, aspect: aspect.type, orb: aspect.orb, key: nature.key, points: rounded });
    }
  return contacts.sort((x, y) => Math.abs(y.points) - Math.abs(x.points) || x.orb - y.orb);
}

/** 50 plus the points of every contact, rounded and clamped to 0–100. */
export function scoreOf(contacts: { points: number }[]): number {
  return Math.max(0, Math.min(100, Math.round(50 + contacts.reduce((sum, c) => sum + c.points, 0))));
}
