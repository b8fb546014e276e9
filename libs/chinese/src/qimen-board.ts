import { Element } from '@astro/saju';

/**
 * The fixed furniture of the Qi Men board: the nine palaces in Lo Shu numbering with their
 * trigram, direction and element, the nine stars and eight doors in their home palaces, the eight
 * deities, and the ring of the eight outer palaces along which the rotating plate (转盘) turns.
 */
export interface PalaceInfo {
  number: number;
  trigram: string;
  trigram_pinyin: string;
  trigram_en: string;
  symbol: string;
  direction: string;
  direction_zh: string;
  element: Element;
  /** the earthly branches the palace holds (for void and horse marks) */
  branches: string[];
}

export const PALACES: Record<number, PalaceInfo> = {
  1: {
    number: 1,
    trigram: '坎',
    trigram_pinyin: 'kǎn',
    trigram_en: 'Kan (Water)',
    symbol: '☵',
    direction: 'N',
    direction_zh: '北',
    element: 'Water',
    branches: ['子'],
  },
  2: {
    number: 2,
    trigram: '坤',
    trigram_pinyin: 'kūn',
    trigram_en: 'Kun (Earth)',
    symbol: '☷',
    direction: 'SW',
    direction_zh: '西南',
    element: 'Earth',
    branches: ['未', '申'],
  },
  3: {
    number: 3,
    trigram: '震',
    trigram_pinyin: 'zhèn',
    trigram_en: 'Zhen (Thunder)',
    symbol: '☳',
    direction: 'E',
    direction_zh: '东',
    element: 'Wood',
    branches: ['卯'],
  },
  4: {
    number: 4,
    trigram: '巽',
    trigram_pinyin: 'xùn',
    trigram_en: 'Xun (Wind)',
    symbol: '☴',
    direction: 'SE',
    direction_zh: '东南',
    element: 'Wood',
    branches: ['辰', '巳'],
  },
  5: {
    number: 5,
    trigram: '中',
    trigram_pinyin: 'zhōng',
    trigram_en: 'Centre',
    symbol: '',
    direction: 'centre',
    direction_zh: '中',
    element: 'Earth',
    branches: [],
  },
  6: {
    number: 6,
    trigram: '乾',
    trigram_pinyin: 'qián',
    trigram_en: 'Qian (Heaven)',
    symbol: '☰',
    direction: 'NW',
    direction_zh: '西北',
    element: 'Metal',
    branches: ['戌', '亥'],
  },
  7: {
    number: 7,
    trigram: '兑',
    trigram_pinyin: 'duì',
    trigram_en: 'Dui (Lake)',
    symbol: '☱',
    direction: 'W',
    direction_zh: '西',
    element: 'Metal',
    branches: ['酉'],
  },
  8: {
    number: 8,
    trigram: '艮',
    trigram_pinyin: 'gèn',
    trigram_en: 'Gen (Mountain)',
    symbol: '☶',
    direction: 'NE',
    direction_zh: '东北',
    element: 'Earth',
    branches: ['丑', '寅'],
  },
  9: {
    number: 9,
    trigram: '离',
    trigram_pinyin: 'lí',
    trigram_en: 'Li (Fire)',
    symbol: '☲',
    direction: 'S',
    direction_zh: '南',
    element: 'Fire',
    branches: ['午'],
  },
};

/** The eight outer palaces clockwise as the board is drawn (south at the top): 坎 艮 震 巽 离 坤 兑 乾. */
export const RING = [1, 8, 3, 4, 9, 2, 7, 6] as const;
export const ringIndex = (palace: number): number => RING.indexOf(palace as (typeof RING)[number]);

/** A star or a door of the board: its names, its element and its home palace (1–9, Lo Shu). */
export interface PalaceSymbol {
  key: string;
  zh: string;
  pinyin: string;
  en: string;
  element: Element;
  home: number;
}

export const STARS: PalaceSymbol[] = [
  { key: 'peng', zh: '天蓬', pinyin: 'tiān péng', en: 'Canopy', element: 'Water', home: 1 },
  { key: 'rui', zh: '天芮', pinyin: 'tiān ruì', en: 'Grass', element: 'Earth', home: 2 },
  { key: 'chong', zh: '天冲', pinyin: 'tiān chōng', en: 'Impulse', element: 'Wood', home: 3 },
  { key: 'fu', zh: '天辅', pinyin: 'tiān fǔ', en: 'Assistant', element: 'Wood', home: 4 },
  { key: 'qin', zh: '天禽', pinyin: 'tiān qín', en: 'Bird', element: 'Earth', home: 5 },
  { key: 'xin', zh: '天心', pinyin: 'tiān xīn', en: 'Heart', element: 'Metal', home: 6 },
  { key: 'zhu', zh: '天柱', pinyin: 'tiān zhù', en: 'Pillar', element: 'Metal', home: 7 },
  { key: 'ren', zh: '天任', pinyin: 'tiān rèn', en: 'Ren (Burden)', element: 'Earth', home: 8 },
  { key: 'ying', zh: '天英', pinyin: 'tiān yīng', en: 'Hero', element: 'Fire', home: 9 },
];
export const starAtHome = (palace: number): PalaceSymbol => STARS.find((s) => s.home === palace)!;

export const DOORS: PalaceSymbol[] = [
  { key: 'xiu', zh: '休门', pinyin: 'xiū mén', en: 'Rest', element: 'Water', home: 1 },
  { key: 'si', zh: '死门', pinyin: 'sǐ mén', en: 'Death', element: 'Earth', home: 2 },
  { key: 'shang', zh: '伤门', pinyin: 'shāng mén', en: 'Harm', element: 'Wood', home: 3 },
  { key: 'du', zh: '杜门', pinyin: 'dù mén', en: 'Delusion', element: 'Wood', home: 4 },
  { key: 'kai', zh: '开门', pinyin: 'kāi mén', en: 'Open', element: 'Metal', home: 6 },
  { key: 'jing_fear', zh: '惊门', pinyin: 'jīng mén', en: 'Fear', element: 'Metal', home: 7 },
  { key: 'sheng', zh: '生门', pinyin: 'shēng mén', en: 'Life', element: 'Earth', home: 8 },
  { key: 'jing_view', zh: '景门', pinyin: 'jǐng mén', en: 'Scenery', element: 'Fire', home: 9 },
];
export const doorAtHome = (palace: number): PalaceSymbol => DOORS.find((d) => d.home === palace)!;

/** The eight deities of the rotating plate in their order from 值符. */
export const DEITIES: { key: string; zh: string; pinyin: string; en: string }[] = [
  { key: 'zhi_fu', zh: '值符', pinyin: 'zhí fú', en: 'Chief' },
  { key: 'teng_she', zh: '螣蛇', pinyin: 'téng shé', en: 'Snake' },
  { key: 'tai_yin', zh: '太阴', pinyin: 'tài yīn', en: 'Moon' },
  { key: 'liu_he', zh: '六合', pinyin: 'liù hé', en: 'Six Harmony' },
  { key: 'bai_hu', zh: '白虎', pinyin: 'bái hǔ', en: 'White Tiger' },
  { key: 'xuan_wu', zh: '玄武', pinyin: 'xuán wǔ', en: 'Black Tortoise' },
  { key: 'jiu_di', zh: '九地', pinyin: 'jiǔ dì', en: 'Nine Earth' },
  { key: 'jiu_tian', zh: '九天', pinyin: 'jiǔ tiān', en: 'Nine Heaven' },
];

/** The six instruments and three wonders in the order they are laid on the earth plate. */
export const QI_YI = ['戊', '己', '庚', '辛', '壬', '癸', '丁', '丙', '乙'] as const;

/**
 * Ju numbers (upper, middle, lower yuan) of each solar term by the classical verse
 * (冬至惊蛰一七四 … 大雪四七一, 《烟波钓叟歌》 and 《奇门遁甲统宗》); yang from 冬至 to 芒种, yin from 夏至 to 大雪.
 */
export const JU_BY_TERM: Record<string, [number, number, number]> = {
  冬至: [1, 7, 4],
  小寒: [2, 8, 5],
  大寒: [3, 9, 6],
  立春: [8, 5, 2],
  雨水: [9, 6, 3],
  惊蛰: [1, 7, 4],
  春分: [3, 9, 6],
  清明: [4, 1, 7],
  谷雨: [5, 2, 8],
  立夏: [4, 1, 7],
  小满: [5, 2, 8],
  芒种: [6, 3, 9],
  夏至: [9, 3, 6],
  小暑: [8, 2, 5],
  大暑: [7, 1, 4],
  立秋: [2, 5, 8],
  处暑: [1, 4, 7],
  白露: [9, 3, 6],
  秋分: [7, 1, 4],
  寒露: [6, 9, 3],
  霜降: [5, 8, 2],
  立冬: [6, 9, 3],
  小雪: [5, 8, 2],
  大雪: [4, 7, 1],
};
export const YANG_TERMS = new Set(['冬至', '小寒', '大寒', '立春', '雨水', '惊蛰', '春分', '清明', '谷雨', '立夏', '小满', '芒种']);
