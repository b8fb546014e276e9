/**
 * The ten heavenly stems and twelve earthly branches with the attributes the chart shows.
 * Index 0 is 甲 / 子; the sexagenary index n (0 = 甲子) has stem n % 10 and branch n % 12.
 */
export const ELEMENTS = ['Wood', 'Fire', 'Earth', 'Metal', 'Water'] as const;
export type Element = (typeof ELEMENTS)[number];
export type Polarity = 'Yang' | 'Yin';

export interface Stem {
  index: number;
  hanja: string;
  romanised: string;
  hangul: string;
  element: Element;
  polarity: Polarity;
}

export interface Branch {
  index: number;
  hanja: string;
  romanised: string;
  hangul: string;
  animal: string;
  element: Element;
  polarity: Polarity;
}

const STEM_ROWS: [string, string, string][] = [
  ['甲', 'Jia', '갑'],
  ['乙', 'Yi', '을'],
  ['丙', 'Bing', '병'],
  ['丁', 'Ding', '정'],
  ['戊', 'Wu', '무'],
  ['己', 'Ji', '기'],
  ['庚', 'Geng', '경'],
  ['辛', 'Xin', '신'],
  ['壬', 'Ren', '임'],
  ['癸', 'Gui', '계'],
];

// Stems pair up per element in the cycle order Wood, Fire, Earth, Metal, Water; even index is Yang.
export const STEMS: Stem[] = STEM_ROWS.map(([hanja, romanised, hangul], index) => ({
  index,
  hanja,
  romanised,
  hangul,
  element: ELEMENTS[Math.floor(index / 2)],
  polarity: index % 2 === 0 ? 'Yang' : 'Yin',
}));

const BRANCH_ROWS: [string, string, string, string, Element][] = [
  ['子', 'Zi', '자', 'Rat', 'Water'],
  ['丑', 'Chou', '축', 'Ox', 'Earth'],
  ['寅', 'Yin', '인', 'Tiger', 'Wood'],
  ['卯', 'Mao', '묘', 'Rabbit', 'Wood'],
  ['辰', 'Chen', '진', 'Dragon', 'Earth'],
  ['巳', 'Si', '사', 'Snake', 'Fire'],
  ['午', 'Wu', '오', 'Horse', 'Fire'],
  ['未', 'Wei', '미', 'Goat', 'Earth'],
  ['申', 'Shen', '신', 'Monkey', 'Metal'],
  ['酉', 'You', '유', 'Rooster', 'Metal'],
  ['戌', 'Xu', '술', 'Dog', 'Earth'],
  ['亥', 'Hai', '해', 'Pig', 'Water'],
];

export const BRANCHES: Branch[] = BRANCH_ROWS.map(([hanja, romanised, hangul, animal, element], index) => ({
  index,
  hanja,
  romanised,
  hangul,
  animal,
  element,
  polarity: index % 2 === 0 ? 'Yang' : 'Yin',
}));

export const ELEMENT_HANGUL: Record<Element, string> = { Wood: '목', Fire: '화', Earth: '토', Metal: '금', Water: '수' };

/** Non-negative remainder. */
export const mod = (n: number, m: number): number => ((n % m) + m) % m;

/** Index in the sixty-pair cycle (0 = 甲子) of a stem and branch of the same polarity. */
export function sexagenaryIndex(stemIndex: number, branchIndex: number): number {
  // The n with n ≡ stem (mod 10) and n ≡ branch (mod 12), by the Chinese remainder construction.
  return mod(6 * stemIndex - 5 * branchIndex, 60);
}

/** The element that `e` produces (Wood → Fire → Earth → Metal → Water → Wood). */
export const producedBy = (e: Element): Element => ELEMENTS[(ELEMENTS.indexOf(e) + 1) % 5];
/** The element that `e` controls (Wood → Earth → Water → Fire → Metal → Wood). */
export const controlledBy = (e: Element): Element => ELEMENTS[(ELEMENTS.indexOf(e) + 2) % 5];
/** The element that produces `e`. */
export const producerOf = (e: Element): Element => ELEMENTS[(ELEMENTS.indexOf(e) + 4) % 5];
/** The element that controls `e`. */
export const controllerOf = (e: Element): Element => ELEMENTS[(ELEMENTS.indexOf(e) + 3) % 5];
