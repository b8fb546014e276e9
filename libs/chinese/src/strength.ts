import {
  Element,
  ELEMENTS,
  FourPillars,
  hiddenStems,
  hiddenStemWeights,
  PILLAR_NAMES,
  PillarName,
  producedBy,
  controlledBy,
  controllerOf,
  producerOf,
  STEMS,
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
const STEM_ELEMENT = (char: string) => STEMS.find((s) => s.hanja === char)!.element;

/** One stem or branch that supports the day master, and the points it adds (docs/saju.md). */
export interface StrengthContribution {
  pillar: PillarName;
  /** a heavenly stem (+1 when it supports) or a branch (through its supporting hidden stems) */
  kind: 'stem' | 'branch';
  char: string;
  /** for a branch: its supporting hidden stems and their weights */
  hidden: { stem: string; weight: number }[];
  /** 2 for the month branch (the season, 得令), else 1 */
  factor: 1 | 2;
  points: number;
}

/**
 * Every contribution to the day master's support score, in the order the rule adds them: the
 * year, month and hour stems, then the four branches. A supporting element is the day master's own
 * (比劫) or the one that produces it (印). Their sum must equal Saju's score (checked).
 */
export function strengthContributions(pillars: FourPillars): StrengthContribution[] {
  const dm = pillars.day.stem;
  const supports = (e: Element) => e === dm.element || e === producerOf(dm.element);
  const found: StrengthContribution[] = [];
  for (const name of ['year', 'month', 'hour'] as const) {
    const stem = pillars[name].stem;
    if (supports(stem.element)) found.push({ pillar: name, kind: 'stem', char: stem.hanja, hidden: [], factor: 1, points: 1 });
  }
  for (const name of PILLAR_NAMES) {
    const branch = pillars[name].branch;
    const stems = hiddenStems(branch);
    const weights = hiddenStemWeights(stems.length);
    const hidden = stems.map((s, i) => ({ stem: s.hanja, weight: weights[i], element: s.element })).filter((h) => supports(h.element));
    if (hidden.length === 0) continue;
    const factor = name === 'month' ? 2 : 1;
    const points = round(hidden.reduce((t, h) => t + h.weight, 0) * factor);
    found.push({
      pillar: name,
      kind: 'branch',
      char: branch.hanja,
      hidden: hidden.map(({ stem, weight }) => ({ stem, weight })),
      factor,
      points,
    });
  }
  const total = found.reduce((t, c) => t + c.points, 0);
  if (Math.abs(supportScore(pillars) * 8 - total) > 1e-9)
    throw new Error(`strength contributions ${total} differ from the score ${supportScore(pillars) * 8}`);
  return found;
}

/**
 * The day master's strength by the one rule of libs/saju (season and support, 扶抑), with each
 * contribution written out (strengthContributions).
 */
export function strengthWithReasoning(pillars: FourPillars): StrengthReasoning {
  const dm = pillars.day.stem;
  const lines: string[] = [
    `Day master ${dm.hanja} (${dm.element}); supporting elements are ${dm.element} (${ELEMENT_ZH[dm.element]}, companions 比劫) and ${producerOf(dm.element)} (${ELEMENT_ZH[producerOf(dm.element)]}, resource 印).`,
  ];
  const contributions = strengthContributions(pillars);
  for (const c of contributions) {
    if (c.kind === 'stem') {
      lines.push(`${c.pillar} stem ${c.char} (${STEM_ELEMENT(c.char)}) supports: +1`);
      continue;
    }
    const detail = c.hidden.map((h) => `${h.stem} ${h.weight}`).join(' + ');
    lines.push(
      `${c.pillar} branch ${c.char}: hidden ${detail}${c.factor === 2 ? ' × 2 (the month branch is the season, 得令)' : ''}: +${c.points}`,
    );
  }
  const points = round(contributions.reduce((t, c) => t + c.points, 0));
  const label = strengthOf(supportScore(pillars));
  const strongAt = STRENGTH_THRESHOLDS.strongAtLeast * 8;
  const weakAt = STRENGTH_THRESHOLDS.weakAtMost * 8;
  lines.push(
    `Total ${points} of 8: ${label === 'strong' ? `at least ${strongAt}, strong` : label === 'weak' ? `at most ${weakAt}, weak` : `between ${weakAt} and ${strongAt}, balanced`}.`,
  );
  return {
    label,
    label_zh: LABEL_ZH[label],
    points,
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
