import en from '../content/qimen-en.json';
import th from '../content/qimen-th.json';
import zh from '../content/qimen-zh.json';

/** Pattern, star and door texts per language: content/qimen-<language>.json in the shape of qimen-en.json. */
type Content = typeof en;
export const QIMEN_CONTENT: Record<'zh' | 'en' | 'th', Content> = { zh, en, th };
export type PatternKey = keyof Content['patterns'];

export interface QimenPattern {
  key: PatternKey;
  zh: string;
  en: string;
  kind: 'auspicious' | 'inauspicious' | 'mixed';
  /** the palace it stands in, or null for a pattern of the whole board */
  palace: number | null;
  rule: string;
  meaning: { zh: string; en: string; th: string };
}

interface StemPattern {
  key: PatternKey;
  zh: string;
  en: string;
  kind: QimenPattern['kind'];
  heaven: string;
  earth: string;
}

// 天盘 stem over 地盘 stem in one palace (《奇门遁甲统宗》 十干克应 and the 格局 of 《烟波钓叟歌》).
const STEM_PATTERNS: StemPattern[] = [
  { key: 'qing_long_fan_shou', zh: '青龙返首', en: 'Green Dragon Turns its Head', kind: 'auspicious', heaven: '戊', earth: '丙' },
  { key: 'fei_niao_die_xue', zh: '飞鸟跌穴', en: 'Bird Falls into the Nest', kind: 'auspicious', heaven: '丙', earth: '戊' },
  { key: 'tai_bai_ru_ying', zh: '太白入荧', en: 'Metal Enters Fire', kind: 'inauspicious', heaven: '庚', earth: '丙' },
  { key: 'ying_ru_tai_bai', zh: '荧入太白', en: 'Fire Enters Metal', kind: 'inauspicious', heaven: '丙', earth: '庚' },
  { key: 'da_ge', zh: '大格', en: 'Great Obstruction', kind: 'inauspicious', heaven: '庚', earth: '癸' },
  { key: 'xiao_ge', zh: '小格', en: 'Minor Obstruction', kind: 'inauspicious', heaven: '庚', earth: '壬' },
  { key: 'xing_ge', zh: '刑格', en: 'Punishment Obstruction', kind: 'inauspicious', heaven: '庚', earth: '己' },
  { key: 'fu_gong_ge', zh: '伏宫格', en: 'Hidden Palace Obstruction', kind: 'inauspicious', heaven: '庚', earth: '戊' },
  { key: 'fei_gong_ge', zh: '飞宫格', en: 'Flying Palace Obstruction', kind: 'inauspicious', heaven: '戊', earth: '庚' },
  { key: 'zhu_que_tou_jiang', zh: '朱雀投江', en: 'Red Bird Plunges into the River', kind: 'inauspicious', heaven: '丁', earth: '癸' },
  { key: 'teng_she_yao_jiao', zh: '螣蛇夭矫', en: 'Snake Writhes', kind: 'inauspicious', heaven: '癸', earth: '丁' },
  { key: 'bai_hu_chang_kuang', zh: '白虎猖狂', en: 'White Tiger Runs Wild', kind: 'inauspicious', heaven: '辛', earth: '乙' },
  { key: 'qing_long_tao_zou', zh: '青龙逃走', en: 'Green Dragon Escapes', kind: 'inauspicious', heaven: '乙', earth: '辛' },
];

/** What a pattern looks at in a palace (a subset of QimenPalace, kept here so the modules do not import each other). */
export interface PatternPalace {
  number: number;
  earth_stem: string;
  earth_stem_lodged: string | null;
  heaven_stem: string | null;
  heaven_stem_lodged: string | null;
  door: { zh: string } | null;
  deity: { zh: string } | null;
}

const meaning = (key: PatternKey) => ({ zh: zh.patterns[key], en: en.patterns[key], th: th.patterns[key] });
const stemsOf = (...stems: (string | null)[]) => stems.filter((s): s is string => s !== null);

export function qimenPatterns(chart: {
  palaces: PatternPalace[];
  starTurn: number;
  doorTurn: number;
  dutyDoorPalace: number;
}): QimenPattern[] {
  const found: QimenPattern[] = [];
  const turn = (t: number) => ((t % 8) + 8) % 8;
  const board = (key: PatternKey, zhName: string, enName: string, kind: QimenPattern['kind'], rule: string) =>
    found.push({ key, zh: zhName, en: enName, kind, palace: null, rule, meaning: meaning(key) });
  if (turn(chart.starTurn) === 0)
    board('fu_yin', '伏吟', 'Hidden Chant', 'inauspicious', 'every star in its home palace (the duty star has not moved)');
  if (turn(chart.starTurn) === 4) board('fan_yin', '反吟', 'Reversed Chant', 'inauspicious', 'every star in the palace opposite its home');
  if (turn(chart.doorTurn) === 0) board('men_fu_yin', '门伏吟', 'Doors in Hidden Chant', 'inauspicious', 'every door in its home palace');
  if (turn(chart.doorTurn) === 4)
    board('men_fan_yin', '门反吟', 'Doors in Reversed Chant', 'inauspicious', 'every door in the palace opposite its home');

  for (const p of chart.palaces) {
    if (p.number === 5) continue;
    const heaven = stemsOf(p.heaven_stem, p.heaven_stem_lodged);
    const earth = stemsOf(p.earth_stem, p.earth_stem_lodged);
    for (const rule of STEM_PATTERNS) {
      if (heaven.includes(rule.heaven) && earth.includes(rule.earth)) {
        found.push({
          key: rule.key,
          zh: rule.zh,
          en: rule.en,
          kind: rule.kind,
          palace: p.number,
          rule: `heaven-plate ${rule.heaven} over earth-plate ${rule.earth}`,
          meaning: meaning(rule.key),
        });
      }
    }
    if (p.number === chart.dutyDoorPalace && earth.includes('丁')) {
      found.push({
        key: 'yu_nu_shou_men',
        zh: '玉女守门',
        en: 'Jade Maiden Guards the Door',
        kind: 'auspicious',
        palace: p.number,
        rule: 'the duty door on the palace of earth-plate 丁',
        meaning: meaning('yu_nu_shou_men'),
      });
    }
    const door = p.door?.zh;
    if (heaven.includes('丙') && earth.includes('丁') && door === '生门') {
      found.push({
        key: 'tian_dun',
        zh: '天遁',
        en: 'Heaven Escape',
        kind: 'auspicious',
        palace: p.number,
        rule: 'heaven-plate 丙 over earth-plate 丁 with 生门',
        meaning: meaning('tian_dun'),
      });
    }
    if (heaven.includes('乙') && earth.includes('己') && door === '开门') {
      found.push({
        key: 'di_dun',
        zh: '地遁',
        en: 'Earth Escape',
        kind: 'auspicious',
        palace: p.number,
        rule: 'heaven-plate 乙 over earth-plate 己 with 开门',
        meaning: meaning('di_dun'),
      });
    }
    if (heaven.includes('丁') && door === '休门' && p.deity?.zh === '太阴') {
      found.push({
        key: 'ren_dun',
        zh: '人遁',
        en: 'Human Escape',
        kind: 'auspicious',
        palace: p.number,
        rule: 'heaven-plate 丁 with 休门 and the deity 太阴',
        meaning: meaning('ren_dun'),
      });
    }
  }
  return found;
}
