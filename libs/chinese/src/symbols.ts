import { Branch, Element, mod, Pillar, Stem } from '@astro/saju';

/**
 * Chinese presentation of the shared stems and branches (libs/saju holds the cycle itself):
 * pinyin with tone marks, the Chinese element names, and the pillar as one Chinese word.
 */
export const STEM_PINYIN = ['jiǎ', 'yǐ', 'bǐng', 'dīng', 'wù', 'jǐ', 'gēng', 'xīn', 'rén', 'guǐ'] as const;
export const BRANCH_PINYIN = ['zǐ', 'chǒu', 'yín', 'mǎo', 'chén', 'sì', 'wǔ', 'wèi', 'shēn', 'yǒu', 'xū', 'hài'] as const;
export const BRANCH_ANIMAL_ZH = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'] as const;
export const ELEMENT_ZH: Record<Element, string> = { Wood: '木', Fire: '火', Earth: '土', Metal: '金', Water: '水' };
export const ELEMENT_TH: Record<Element, string> = { Wood: 'ไม้', Fire: 'ไฟ', Earth: 'ดิน', Metal: 'ทอง', Water: 'น้ำ' };
export const POLARITY_ZH = { Yang: '阳', Yin: '阴' } as const;

export const ganZhi = (p: Pillar): string => p.stem.hanja + p.branch.hanja;
export const pinyinOf = (p: Pillar): string => `${STEM_PINYIN[p.stem.index]} ${BRANCH_PINYIN[p.branch.index]}`;
export const stemPinyin = (s: Stem): string => STEM_PINYIN[s.index];
export const branchPinyin = (b: Branch): string => BRANCH_PINYIN[b.index];

/** The first pillar of the ten-day week (旬) a pillar belongs to: 甲子, 甲戌, 甲申, 甲午, 甲辰 or 甲寅. */
export const xunStartIndex = (p: Pillar): number => p.cycleIndex - p.stem.index;

/**
 * The two void branches (空亡) of a pillar's 旬: the ten stems of a 旬 pair with ten branches, and
 * the two branches left over are void. For the 甲子 旬 they are 戌 and 亥.
 */
export function voidBranchIndices(p: Pillar): [number, number] {
  const first = mod(xunStartIndex(p), 12);
  return [mod(first + 10, 12), mod(first + 11, 12)];
}
