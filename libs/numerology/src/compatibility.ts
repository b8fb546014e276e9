import { compatibilityText, Localized } from './content';

/**
 * Life-path compatibility. Master numbers are read through their root (11 → 2, 22 → 4, 33 → 6).
 * The number families 1-5-7, 2-4-8 and 3-6-9 are natural matches; the complementary pairs below
 * are the common table of popular Pythagorean numerology (docs/tarot-numerology.md); everything
 * else is challenging.
 */
const FAMILIES = ['1-5-7', '2-4-8', '3-6-9'];
const COMPLEMENTARY: Record<number, number[]> = {
  1: [3, 9],
  2: [6, 9],
  3: [1, 5],
  4: [6, 7],
  5: [3, 9],
  6: [2, 4],
  7: [4, 9],
  8: [6, 9],
  9: [1, 2, 5, 7, 8],
};
const SCORES = { same: 80, natural: 90, compatible: 70, challenging: 45 } as const;

export type CompatibilityLevel = keyof typeof SCORES;

export interface LifePathCompatibility {
  life_path_a: number;
  life_path_b: number;
  level: CompatibilityLevel;
  score: number;
  reasons: Localized[];
}

const rootOf = (n: number) => (n > 9 ? (n % 9 === 0 ? 9 : n % 9) : n);

export function lifePathCompatibility(a: number, b: number): LifePathCompatibility {
  const ra = rootOf(a);
  const rb = rootOf(b);
  const reasons: Localized[] = [];
  for (const m of [...new Set([a, b])].filter((n) => n > 9)) reasons.push(compatibilityText('master', { m, root: rootOf(m) }));
  let level: CompatibilityLevel;
  const family = FAMILIES.find((f) => f.split('-').map(Number).includes(ra) && f.split('-').map(Number).includes(rb));
  if (ra === rb) {
    level = 'same';
    reasons.unshift(compatibilityText('same', { a }));
  } else if (family) {
    level = 'natural';
    reasons.unshift(compatibilityText('natural', { a, b }, family));
  } else if (COMPLEMENTARY[ra]?.includes(rb) || COMPLEMENTARY[rb]?.includes(ra)) {
    level = 'compatible';
    reasons.unshift(compatibilityText('compatible', { a, b }));
  } else {
    level = 'challenging';
    reasons.unshift(compatibilityText('challenging', { a, b }));
  }
  return { life_path_a: a, life_path_b: b, level, score: SCORES[level], reasons };
}
