import { controlledBy, controllerOf, Element, ELEMENTS, producedBy, producerOf, Stem } from './cycle';
import { hiddenStems, hiddenStemWeights } from './hidden-stems';
import { FourPillars, PILLAR_NAMES } from './pillars';

export type Strength = 'strong' | 'weak' | 'balanced';

/** Counts over the eight visible characters (four stems, four branches); hidden stems do not count. */
export function elementCounts(pillars: FourPillars): Record<Element, number> {
  const counts = Object.fromEntries(ELEMENTS.map((e) => [e, 0])) as Record<Element, number>;
  for (const name of PILLAR_NAMES) {
    counts[pillars[name].stem.element] += 1;
    counts[pillars[name].branch.element] += 1;
  }
  return counts;
}

// In points out of 8: strong from 3.75, weak up to 2.75. A chart with no bias (two of the five
// elements support the day master) scores about 3.2, so each label covers about a third of births.
export const STRENGTH_THRESHOLDS = { strongAtLeast: 3.75 / 8, weakAtMost: 2.75 / 8 } as const;
const MONTH_BRANCH_WEIGHT = 2; // the season (득령) weighs twice any other branch

/**
 * Support score of the day master, 0..1 (docs/saju.md): supporting elements are the day master's
 * own and the one that produces it. The three other stems count 1 each when supporting; each
 * branch counts through its hidden stems (weights 1 | 0.7, 0.3 | 0.6, 0.3, 0.1) and the month
 * branch counts double. The total is divided by its maximum, 8.
 */
export function supportScore(pillars: FourPillars): number {
  const dm = pillars.day.stem.element;
  const supports = (e: Element) => e === dm || e === producerOf(dm);
  let score = 0;
  for (const name of ['year', 'month', 'hour'] as const) if (supports(pillars[name].stem.element)) score += 1;
  for (const name of PILLAR_NAMES) {
    const stems = hiddenStems(pillars[name].branch);
    const weights = hiddenStemWeights(stems.length);
    const branchScore = stems.reduce((sum, s, i) => sum + (supports(s.element) ? weights[i] : 0), 0);
    score += branchScore * (name === 'month' ? MONTH_BRANCH_WEIGHT : 1);
  }
  return score / (3 + 3 + MONTH_BRANCH_WEIGHT);
}

export function strengthOf(score: number): Strength {
  if (score >= STRENGTH_THRESHOLDS.strongAtLeast) return 'strong';
  if (score <= STRENGTH_THRESHOLDS.weakAtMost) return 'weak';
  return 'balanced';
}

/** Elements with the highest count (ties all listed, in Wood…Water order). */
export function strongestElements(counts: Record<Element, number>): Element[] {
  const max = Math.max(...ELEMENTS.map((e) => counts[e]));
  return ELEMENTS.filter((e) => counts[e] === max);
}

export function missingElements(counts: Record<Element, number>): Element[] {
  return ELEMENTS.filter((e) => counts[e] === 0);
}

/**
 * The favorable element by the suppress-or-support (억부) rule: a strong day master wants the
 * elements that drain or restrain it (output, wealth, officer), a weak one wants resource or
 * companions, a balanced one wants what is scarcest. Among the candidates the least present is
 * chosen; ties go to the candidate listed first.
 */
export function favorableElement(dayMaster: Stem, strength: Strength, counts: Record<Element, number>): Element {
  const dm = dayMaster.element;
  const candidates: readonly Element[] =
    strength === 'strong' ? [producedBy(dm), controlledBy(dm), controllerOf(dm)] : strength === 'weak' ? [producerOf(dm), dm] : ELEMENTS;
  return candidates.reduce((best, e) => (counts[e] < counts[best] ? e : best));
}
