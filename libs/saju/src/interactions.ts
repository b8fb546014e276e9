import { Branch, Stem } from './cycle';
import { FourPillars, PILLAR_NAMES, PillarName } from './pillars';

export const INTERACTION_TYPES = ['clash', 'six_combination', 'three_harmony', 'punishment', 'harm', 'destruction'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export interface BranchInteraction {
  type: InteractionType;
  korean: string;
  branches: string[];
  pillars: PillarName[];
  description: string;
}

const KOREAN: Record<InteractionType, string> = {
  clash: '충(沖)',
  six_combination: '육합(六合)',
  three_harmony: '삼합(三合)',
  punishment: '형(刑)',
  harm: '해(害)',
  destruction: '파(破)',
};

const pairKey = (a: string, b: string) => [a, b].sort().join('');
const pairTable = (pairs: string[], value: (pair: string) => string = () => '') =>
  new Map(pairs.map((p) => [pairKey(p[0], p[1]), value(p)]));

const CLASHES = pairTable(['子午', '丑未', '寅申', '卯酉', '辰戌', '巳亥']);
const SIX_COMBINATIONS = new Map(
  [
    ['子丑', 'Earth'],
    ['寅亥', 'Wood'],
    ['卯戌', 'Fire'],
    ['辰酉', 'Metal'],
    ['巳申', 'Water'],
    ['午未', 'Fire'],
  ].map(([p, e]) => [pairKey(p[0], p[1]), e]),
);
const HARMS = pairTable(['子未', '丑午', '寅巳', '卯辰', '申亥', '酉戌']);
const DESTRUCTIONS = pairTable(['子酉', '卯午', '辰丑', '未戌', '寅亥', '巳申']);
// Pair punishments: 子卯 (rudeness), the pairs of 寅巳申 (ungrateful) and 丑戌未 (bullying), and
// the self-punishing branches 辰 午 酉 亥 meeting themselves.
const PUNISHMENTS = new Map([
  [pairKey('子', '卯'), 'uncivil punishment (무례지형)'],
  ...['寅巳', '巳申', '寅申'].map((p) => [pairKey(p[0], p[1]), 'ungrateful punishment (무은지형)'] as const),
  ...['丑戌', '戌未', '丑未'].map((p) => [pairKey(p[0], p[1]), 'bullying punishment (지세지형)'] as const),
  ...['辰', '午', '酉', '亥'].map((b) => [b + b, 'self-punishment (자형)'] as const),
]);
const THREE_HARMONIES: [string, string][] = [
  ['申子辰', 'Water'],
  ['亥卯未', 'Wood'],
  ['寅午戌', 'Fire'],
  ['巳酉丑', 'Metal'],
];
const THREE_PUNISHMENTS: [string, string][] = [
  ['寅巳申', 'ungrateful punishment (무은지형)'],
  ['丑戌未', 'bullying punishment (지세지형)'],
];

const label = (b: Branch, pillar: PillarName) => `${b.hanja} (${b.animal}, ${pillar})`;

/** The relations two branches form as a pair (a branch meeting itself can only punish itself: 辰 午 酉 亥). */
export type PairRelation = Exclude<InteractionType, 'three_harmony'>;

/**
 * The pair relations of two branches, in the order clash, six combination, punishment, harm,
 * destruction (the classical tables 六沖, 六合, 刑, 六害, 六破). A branch outside the chart (a luck
 * period's, a year's) meets each natal branch through this one table.
 */
export function pairRelations(a: Branch, b: Branch): PairRelation[] {
  const key = pairKey(a.hanja, b.hanja);
  const found: PairRelation[] = [];
  if (CLASHES.has(key)) found.push('clash');
  if (SIX_COMBINATIONS.has(key)) found.push('six_combination');
  if (PUNISHMENTS.has(key)) found.push('punishment');
  if (HARMS.has(key)) found.push('harm');
  if (DESTRUCTIONS.has(key)) found.push('destruction');
  return found;
}

// 天干五合: 甲己 Earth, 乙庚 Metal, 丙辛 Water, 丁壬 Wood, 戊癸 Fire (the stem five steps on, opposite polarity);
// 天干相沖: 甲庚 乙辛 丙壬 丁癸 (the stem six steps on, the same polarity; 戊 and 己 in the centre clash with none).
const STEM_COMBINATIONS = pairTable(['甲己', '乙庚', '丙辛', '丁壬', '戊癸']);
const STEM_CLASHES = pairTable(['甲庚', '乙辛', '丙壬', '丁癸']);

/** Whether two heavenly stems combine (五合), clash (沖) or neither. */
export function stemRelation(a: Stem, b: Stem): 'combination' | 'clash' | null {
  const key = pairKey(a.hanja, b.hanja);
  return STEM_COMBINATIONS.has(key) ? 'combination' : STEM_CLASHES.has(key) ? 'clash' : null;
}

/**
 * Interactions among the four natal branches. Pairs are checked for every two pillars; a three
 * harmony is reported only when all three of its branches stand in the chart; when all three of a
 * three-way punishment stand in the chart it is one entry in place of its pairs.
 */
export function branchInteractions(pillars: FourPillars): BranchInteraction[] {
  const found: BranchInteraction[] = [];
  const full = (members: string) => {
    const names = [...members].map((m) => PILLAR_NAMES.find((n) => pillars[n].branch.hanja === m));
    return names.every((n) => n !== undefined) ? (names as PillarName[]) : undefined;
  };
  const fullPunishments = THREE_PUNISHMENTS.filter(([members]) => full(members));

  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const [pa, pb] = [PILLAR_NAMES[i], PILLAR_NAMES[j]];
      const [a, b] = [pillars[pa].branch, pillars[pb].branch];
      const key = pairKey(a.hanja, b.hanja);
      const add = (type: InteractionType, description: string) =>
        found.push({ type, korean: KOREAN[type], branches: [a.hanja, b.hanja], pillars: [pa, pb], description });
      const pair = `${label(a, pa)} and ${label(b, pb)}`;
      const inFullTriad = fullPunishments.some(
        ([members]) => members.includes(a.hanja) && members.includes(b.hanja) && a.hanja !== b.hanja,
      );
      for (const relation of pairRelations(a, b)) {
        if (relation === 'clash') add('clash', `${pair} clash: opposite branches pull against each other`);
        if (relation === 'six_combination') add('six_combination', `${pair} combine, leaning toward ${SIX_COMBINATIONS.get(key)}`);
        if (relation === 'punishment' && !inFullTriad) add('punishment', `${pair}: ${PUNISHMENTS.get(key)}`);
        if (relation === 'harm') add('harm', `${pair} harm each other: a quiet, wearing friction`);
        if (relation === 'destruction') add('destruction', `${pair} break each other: plans between these areas are easily disrupted`);
      }
    }
  }
  for (const [members, element] of THREE_HARMONIES) {
    const names = full(members);
    if (names) {
      found.push({
        type: 'three_harmony',
        korean: KOREAN.three_harmony,
        branches: [...members],
        pillars: names,
        description: `${members} complete the ${element} frame (${element} three harmony)`,
      });
    }
  }
  for (const [members, kind] of fullPunishments) {
    found.push({
      type: 'punishment',
      korean: KOREAN.punishment,
      branches: [...members],
      pillars: full(members)!,
      description: `${members} all stand in the chart: ${kind} complete`,
    });
  }
  return found;
}
