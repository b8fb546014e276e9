import { Branch, mod, Stem } from '@astro/saju';

/** The twelve life stages (长生十二宫) in their order of growth. */
export const LIFE_STAGES: { zh: string; en: string }[] = [
  { zh: '长生', en: 'Birth' },
  { zh: '沐浴', en: 'Bath' },
  { zh: '冠带', en: 'Capping' },
  { zh: '临官', en: 'Coming of Age' },
  { zh: '帝旺', en: 'Prime' },
  { zh: '衰', en: 'Decline' },
  { zh: '病', en: 'Sickness' },
  { zh: '死', en: 'Death' },
  { zh: '墓', en: 'Tomb' },
  { zh: '绝', en: 'Extinction' },
  { zh: '胎', en: 'Conception' },
  { zh: '养', en: 'Nurture' },
];

/**
 * Branch of 长生 per stem, 阳顺阴逆 (the yang stems run forward through the branches, the yin
 * stems backward): 甲 亥, 乙 午, 丙 寅, 丁 酉, 戊 寅, 己 酉, 庚 巳, 辛 子, 壬 申, 癸 卯 (戊 and 己 follow
 * 丙 and 丁, 火土同宫, as in 《渊海子平》 and 《三命通会》).
 */
const BIRTH_BRANCH = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3];

/** Index in LIFE_STAGES of a stem in a branch. */
export function lifeStageIndex(stem: Stem, branch: Branch): number {
  const steps = branch.index - BIRTH_BRANCH[stem.index];
  return mod(stem.polarity === 'Yang' ? steps : -steps, 12);
}

export const lifeStageOf = (stem: Stem, branch: Branch) => LIFE_STAGES[lifeStageIndex(stem, branch)];
