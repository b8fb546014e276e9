import { Branch, Stem, STEMS } from './cycle';

/**
 * Hidden stems (지장간) of each branch, main qi (정기) first, then middle and residual qi,
 * the order of the common tables (and of lunar-javascript's 藏干).
 */
const HIDDEN_STEM_HANJA: Record<string, string[]> = {
  子: ['癸'],
  丑: ['己', '癸', '辛'],
  寅: ['甲', '丙', '戊'],
  卯: ['乙'],
  辰: ['戊', '乙', '癸'],
  巳: ['丙', '庚', '戊'],
  午: ['丁', '己'],
  未: ['己', '丁', '乙'],
  申: ['庚', '壬', '戊'],
  酉: ['辛'],
  戌: ['戊', '辛', '丁'],
  亥: ['壬', '甲'],
};

const stemByHanja = new Map(STEMS.map((s) => [s.hanja, s]));

export function hiddenStems(branch: Branch): Stem[] {
  return HIDDEN_STEM_HANJA[branch.hanja].map((h) => stemByHanja.get(h)!);
}

/**
 * Weight of each hidden stem in the strength rule: the main qi carries most of the branch.
 * One stem: 1; two stems: 0.7 / 0.3; three stems: 0.6 / 0.3 / 0.1.
 */
export function hiddenStemWeights(count: number): number[] {
  return count === 1 ? [1] : count === 2 ? [0.7, 0.3] : [0.6, 0.3, 0.1];
}
