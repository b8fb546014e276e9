import { BRANCHES, FourPillars, mod, PILLAR_NAMES, PillarName } from '@astro/saju';

/**
 * The symbolic stars (神煞) almanacs print beside a chart. Each is looked up from a reference
 * character of the chart (day stem, year stem, year branch or day branch) and is present when its
 * branch stands in one of the four pillars. The rules are those of 《三命通会》 卷三 as repeated by
 * the common almanacs (万年历); where schools differ the choice is written in the rule and in
 * docs/chinese.md.
 */
export interface SymbolicStar {
  key: string;
  zh: string;
  en: string;
  /** the reference character the star is looked up from, e.g. `day stem 甲` */
  from: string;
  /** the branch(es) that carry the star for that reference */
  branches: string[];
  /** the pillars whose branch is one of them */
  pillars: PillarName[];
  rule: string;
}

type Reference = 'day_stem' | 'year_stem' | 'year_branch' | 'day_branch';
interface StarRule {
  key: string;
  zh: string;
  en: string;
  references: Reference[];
  rule: string;
  /** branch indices carrying the star, from the reference character's index */
  lookup: (referenceIndex: number) => number[];
}

// 天乙贵人: 甲戊庚牛羊, 乙己鼠猴乡, 丙丁猪鸡位, 壬癸兔蛇藏, 六辛逢马虎.
const NOBLEMAN: number[][] = [
  [1, 7],
  [0, 8],
  [11, 9],
  [11, 9],
  [1, 7],
  [0, 8],
  [1, 7],
  [6, 2],
  [3, 5],
  [3, 5],
];
// 文昌: 甲巳 乙午 丙戊申 丁己酉 庚亥 辛子 壬寅 癸卯 (the 食神's 临官 branch of each stem).
const LITERARY = [5, 6, 8, 9, 8, 9, 11, 0, 2, 3];
// 禄 (临官) of each stem: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子; 羊刃 is the branch after it.
const PROSPERITY = [2, 3, 5, 6, 5, 6, 8, 9, 11, 0];
/** Index of the three-harmony frame (申子辰 water, 亥卯未 wood, 寅午戌 fire, 巳酉丑 metal) of a branch. */
const frameOf = (branch: number): 'water' | 'wood' | 'fire' | 'metal' => (['water', 'metal', 'fire', 'wood'] as const)[branch % 4];
// From the frame: 驿马 is the branch clashing its first branch, 桃花 (咸池) the 沐浴 of its element,
// 华盖 its last (tomb) branch.
const HORSE = { water: 2, wood: 5, fire: 8, metal: 11 };
const PEACH = { water: 9, wood: 0, fire: 3, metal: 6 };
const CANOPY = { water: 4, wood: 7, fire: 10, metal: 1 };

const RULES: StarRule[] = [
  {
    key: 'tian_yi_gui_ren',
    zh: '天乙贵人',
    en: 'Heavenly Nobleman',
    references: ['day_stem', 'year_stem'],
    rule: 'From the day stem and the year stem: 甲戊庚 → 丑未, 乙己 → 子申, 丙丁 → 亥酉, 壬癸 → 卯巳, 辛 → 午寅 (甲戊庚牛羊, 乙己鼠猴乡, 丙丁猪鸡位, 壬癸兔蛇藏, 六辛逢马虎).',
    lookup: (stem) => NOBLEMAN[stem],
  },
  {
    key: 'wen_chang',
    zh: '文昌',
    en: 'Literary Star',
    references: ['day_stem', 'year_stem'],
    rule: 'From the day stem and the year stem: 甲 → 巳, 乙 → 午, 丙戊 → 申, 丁己 → 酉, 庚 → 亥, 辛 → 子, 壬 → 寅, 癸 → 卯.',
    lookup: (stem) => [LITERARY[stem]],
  },
  {
    key: 'yi_ma',
    zh: '驿马',
    en: 'Travelling Horse',
    references: ['year_branch', 'day_branch'],
    rule: 'From the year branch and the day branch: 申子辰 → 寅, 寅午戌 → 申, 巳酉丑 → 亥, 亥卯未 → 巳.',
    lookup: (branch) => [HORSE[frameOf(branch)]],
  },
  {
    key: 'tao_hua',
    zh: '桃花',
    en: 'Peach Blossom',
    references: ['year_branch', 'day_branch'],
    rule: 'Also called 咸池. From the year branch and the day branch: 申子辰 → 酉, 寅午戌 → 卯, 巳酉丑 → 午, 亥卯未 → 子.',
    lookup: (branch) => [PEACH[frameOf(branch)]],
  },
  {
    key: 'hua_gai',
    zh: '华盖',
    en: 'Canopy',
    references: ['year_branch', 'day_branch'],
    rule: 'From the year branch and the day branch: 申子辰 → 辰, 寅午戌 → 戌, 巳酉丑 → 丑, 亥卯未 → 未.',
    lookup: (branch) => [CANOPY[frameOf(branch)]],
  },
  {
    key: 'yang_ren',
    zh: '羊刃',
    en: 'Goat Blade',
    references: ['day_stem'],
    rule: 'From the day stem: the branch after its 禄 (临官): 甲 → 卯, 乙 → 辰, 丙戊 → 午, 丁己 → 未, 庚 → 酉, 辛 → 戌, 壬 → 子, 癸 → 丑. Schools that give yin stems no blade can ignore the 乙丁己辛癸 rows.',
    lookup: (stem) => [mod(PROSPERITY[stem] + 1, 12)],
  },
  {
    key: 'lu_shen',
    zh: '禄神',
    en: 'Prosperity Star',
    references: ['day_stem'],
    rule: 'From the day stem: its 临官 branch, 甲 → 寅, 乙 → 卯, 丙戊 → 巳, 丁己 → 午, 庚 → 申, 辛 → 酉, 壬 → 亥, 癸 → 子.',
    lookup: (stem) => [PROSPERITY[stem]],
  },
];

const REFERENCE_LABEL: Record<Reference, string> = {
  day_stem: 'day stem',
  year_stem: 'year stem',
  year_branch: 'year branch',
  day_branch: 'day branch',
};

function referenceOf(pillars: FourPillars, reference: Reference): { index: number; hanja: string } {
  const pillar = reference.startsWith('day') ? pillars.day : pillars.year;
  const character = reference.endsWith('stem') ? pillar.stem : pillar.branch;
  return { index: character.index, hanja: character.hanja };
}

/** Every star present in the chart, once per reference character that produces it. */
export function symbolicStars(pillars: FourPillars): SymbolicStar[] {
  const found: SymbolicStar[] = [];
  for (const rule of RULES) {
    const seen = new Set<string>();
    for (const reference of rule.references) {
      const { index, hanja } = referenceOf(pillars, reference);
      const branches = rule.lookup(index);
      const present = PILLAR_NAMES.filter((name) => branches.includes(pillars[name].branch.index));
      // The day and the year may share the reference character; the star is listed once for it.
      const key = `${reference.endsWith('stem') ? 's' : 'b'}${hanja}`;
      if (present.length === 0 || seen.has(key)) continue;
      seen.add(key);
      found.push({
        key: rule.key,
        zh: rule.zh,
        en: rule.en,
        from: `${REFERENCE_LABEL[reference]} ${hanja}`,
        branches: branches.map((b) => BRANCHES[b].hanja),
        pillars: present,
        rule: rule.rule,
      });
    }
  }
  return found;
}
