import {
  Element,
  ELEMENTS,
  FourPillars,
  hiddenStems,
  hiddenStemWeights,
  PILLAR_NAMES,
  producedBy,
  controlledBy,
  controllerOf,
  producerOf,
  Strength,
  strengthOf,
  STRENGTH_THRESHOLDS,
  supportScore,
} from '@astro/saju';
import { ELEMENT_ZH } from './symbols';

export interface StrengthReasoning {
  label: Strength;
  label_zh: string;
  /** support points out of 8 (the Saju rule, docs/saju.md) */
  points: number;
  max_points: 8;
  thresholds: { strong_at_least: number; weak_at_most: number };
  /** one line per stem and branch that supports the day master, then the verdict */
  reasoning: string[];
}

const LABEL_ZH: Record<Strength, string> = { strong: '身强', weak: '身弱', balanced: '中和' };
const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The day master's strength by the one rule of libs/saju (season and support, 扶抑), with each
 * contribution written out: a supporting element is the day master's own (比劫) or the one that
 * produces it (印). The score is recomputed here term by term and must equal saju's total.
 */
export function strengthWithReasoning(pillars: FourPillars): StrengthReasoning {
  const dm = pillars.day.stem;
  const supports = (e: Element) => e === dm.element || e === producerOf(dm.element);
  const lines: string[] = [
    `Day master ${dm.hanja} (${dm.element}); supporting elements are ${dm.element} (${ELEMENT_ZH[dm.element]}, companions 比劫) and ${producerOf(dm.element)} (${ELEMENT_ZH[producerOf(dm.element)]}, resource 印).`,
  ];
  let points = 0;
  for (const name of ['year', 'month', 'hour'] as const) {
    const stem = pillars[name].stem;
    if (supports(stem.element)) {
      points += 1;
      lines.push(`${name} stem ${stem.hanja} (${stem.element}) supports: +1`);
    }
  }
  for (const name of PILLAR_NAMES) {
    const branch = pillars[name].branch;
    const stems = hiddenStems(branch);
    const weights = hiddenStemWeights(stems.length);
    const factor = name === 'month' ? 2 : 1;
    const parts = stems.map((s, i) => ({ s, w: weights[i] })).filter(({ s }) => supports(s.element));
    if (parts.length === 0) continue;
    const sum = parts.reduce((t, p) => t + p.w, 0) * factor;
    points += sum;
    const detail = parts.map(({ s, w }) => `${s.hanja} ${w}`).join(' + ');
    lines.push(
      `${name} branch ${branch.hanja}: hidden ${detail}${factor === 2 ? ' × 2 (the month branch is the season, 得令)' : ''}: +${round(sum)}`,
    );
  }
  const score = supportScore(pillars);
  if (Math.abs(score * 8 - points) > 1e-9) throw new Error(`strength reasoning ${points} differs from the score ${score * 8}`);
  const label = strengthOf(score);
  const strongAt = STRENGTH_THRESHOLDS.strongAtLeast * 8;
  const weakAt = STRENGTH_THRESHOLDS.weakAtMost * 8;
  lines.push(
    `Total ${round(points)} of 8: ${label === 'strong' ? `at least ${strongAt}, strong` : label === 'weak' ? `at most ${weakAt}, weak` : `between ${weakAt} and ${strongAt}, balanced`}.`,
  );
  return {
    label,
    label_zh: LABEL_ZH[label],
    points: round(points),
    max_points: 8,
    thresholds: { strong_at_least: strongAt, weak_at_most: weakAt },
    reasoning: lines,
  };
}

export interface FavourableElements {
  favourable: Element[];
  unfavourable: Element[];
  rule: string;
}

/**
 * 扶抑 (suppress or support): a strong day master is helped by what drains or restrains it
 * (output 食伤, wealth 财, officer 官杀), a weak one by resource 印 and companions 比劫. The list is
 * ordered least present first (visible characters; ties in the rule's order), so its first entry
 * is Saju's single favourable element. A balanced chart favours its scarcest elements.
 */
export function favourableElements(dm: Element, strength: Strength, counts: Record<Element, number>): FavourableElements {
  const helpers = [producedBy(dm), controlledBy(dm), controllerOf(dm)];
  const supporters = [producerOf(dm), dm];
  const byScarcity = (list: Element[]) => [...list].sort((a, b) => counts[a] - counts[b]);
  if (strength === 'strong') {
    return {
      favourable: byScarcity(helpers),
      unfavourable: supporters,
      rule: 'strong day master: output, wealth and officer elements are favourable, resource and companions unfavourable',
    };
  }
  if (strength === 'weak') {
    return {
      favourable: byScarcity(supporters),
      unfavourable: helpers,
      rule: 'weak day master: resource and companion elements are favourable, output, wealth and officer unfavourable',
    };
  }
  const least = Math.min(...ELEMENTS.map((e) => counts[e]));
  const most = Math.max(...ELEMENTS.map((e) => counts[e]));
  return {
    favourable: ELEMENTS.filter((e) => counts[e] === least),
    unfavourable: most === least ? [] : ELEMENTS.filter((e) => counts[e] === most),
    rule: 'balanced day master: the scarcest elements of the eight characters are favourable, the most present unfavourable',
  };
}
