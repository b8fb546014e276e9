import { TransitPeriod } from './transit-periods';

/**
 * The weight of a transit period (docs/western.md, "Ranking transit periods"): the product of the
 * transiting planet's weight (slower planets stay longer in orb and mark longer chapters), the natal
 * point's weight (the luminaries and angles first, then the personal planets, then Jupiter and
 * Saturn, the outer planets last), the aspect's weight, and how close to exact the transit comes
 * inside the window. The spacing of the planet weights puts a slow planet's sextile to a personal
 * planet (Saturn sextile Mercury: 8 × 2 × 0.5 = 8) above a fast planet's conjunction with an angle
 * (Mars conjunct the Midheaven: 2 × 3 × 1 = 6).
 */
export const RANKING_PLANET_WEIGHT: Record<string, number> = {
  Pluto: 10,
  Neptune: 10,
  Uranus: 9,
  Saturn: 8,
  Jupiter: 5,
  Mars: 2,
  Sun: 1.5,
  Venus: 1,
  Mercury: 1,
  Moon: 0.2,
};
export const RANKING_POINT_WEIGHT: Record<string, number> = {
  Sun: 3,
  Moon: 3,
  Ascendant: 3,
  Midheaven: 3,
  Mercury: 2,
  Venus: 2,
  Mars: 2,
  Jupiter: 1,
  Saturn: 1,
  Uranus: 0.5,
  Neptune: 0.5,
  Pluto: 0.5,
};
export const RANKING_ASPECT_WEIGHT: Record<string, number> = { conjunction: 1, opposition: 0.9, square: 0.9, trine: 0.7, sextile: 0.5 };

/** 1 for a transit exact inside the window, falling to 0.5 for one that only grazes the orb's edge. */
const closeness = (p: Pick<TransitPeriod, 'closest_in_window' | 'orb'>) => 1 - 0.5 * Math.min(1, p.closest_in_window / p.orb);

export function periodWeight(p: Pick<TransitPeriod, 'transiting' | 'natal_point' | 'aspect' | 'closest_in_window' | 'orb'>): number {
  return (
    (RANKING_PLANET_WEIGHT[p.transiting] ?? 1) *
    (RANKING_POINT_WEIGHT[p.natal_point] ?? 0.5) *
    (RANKING_ASPECT_WEIGHT[p.aspect] ?? 0.5) *
    closeness(p)
  );
}

/** The periods, heaviest first; equal weights keep the earlier entry first. */
export function rankTransitPeriods<T extends TransitPeriod>(periods: T[]): T[] {
  return [...periods].sort(
    (x, y) => periodWeight(y) - periodWeight(x) || (x.enters_orb_utc < y.enters_orb_utc ? -1 : x.enters_orb_utc > y.enters_orb_utc ? 1 : 0),
  );
}
