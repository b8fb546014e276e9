import {
  aspectsSign,
  Graha,
  GRAHAS,
  houseFrom,
  houseLord,
  isDebilitationSign,
  isExaltationSign,
  naturalRelation,
  ownsSign,
  SIGN_LORDS,
  SIGN_NAMES,
} from './chart/graha-rules';
import type { Kundli } from './kundli';
import type { Nature } from './shadbala/classifications';

/**
 * The yogas of a rasi chart by one documented rule set (docs/vedic.md, "Yogas", with the sources):
 * the five Pancha Mahapurusha yogas, Gaja Kesari, Budha-Aditya, Chandra-Mangala, Raja yogas of
 * kendra and trikona lords, and Dhana yogas of the lords of wealth. Every rule reads signs only
 * (whole-sign houses from the lagna, aspects by sign), so each yoga is named with the placements
 * that formed it.
 */

export const YOGA_NAMES = [
  'ruchaka',
  'bhadra',
  'hamsa',
  'malavya',
  'shasha',
  'gaja_kesari',
  'budha_aditya',
  'chandra_mangala',
  'raja',
  'dhana',
] as const;
export type YogaName = (typeof YOGA_NAMES)[number];

/**
 * How the grahas of a yoga meet: a graha in its own or exaltation sign in a kendra (Pancha
 * Mahapurusha), Jupiter in a kendra from the Moon, two grahas in one sign, in mutual aspect or in
 * each other's signs, one graha ruling a kendra and a trikona (yogakaraka), or Raman's placements
 * in the 5th and 11th houses.
 */
export type YogaBond =
  'own_sign' | 'exaltation' | 'kendra_from_moon' | 'conjunction' | 'mutual_aspect' | 'exchange' | 'yogakaraka' | 'fifth_and_eleventh';

/** What keeps a yoga from giving its whole result (the texts' conditions of an unblemished yoga). */
export type YogaWeakening = 'combust' | 'debilitated' | 'enemy_sign' | 'no_benefic_influence';

export interface YogaGraha {
  graha: Graha;
  sign: (typeof SIGN_NAMES)[number];
  /** whole-sign house from the lagna */
  house: number;
  /** the houses it rules, counted from the lagna */
  rules: number[];
}

export interface Yoga {
  name: YogaName;
  grahas: YogaGraha[];
  bond: YogaBond;
  weakened_by: { graha: Graha; reason: YogaWeakening }[];
}

/** What the rules read: the lagna's sign and each graha's sign (0 = Aries), combustion, and Mercury's nature. */
export interface YogaChart {
  lagnaSign: number;
  signs: Record<Graha, number>;
  combust: Record<Graha, boolean>;
  /** Mercury takes the nature of its company (BPHS 3.11): benefic unless malefics outnumber benefics in its sign. */
  mercuryBenefic: boolean;
}

const KENDRAS = [1, 4, 7, 10];
const TRIKONAS = [1, 5, 9];
/** The houses of wealth and its sources: the 2nd (what is kept), the 11th (gains), the 5th and 9th (Lakshmi's houses). */
const WEALTH_HOUSES = [2, 5, 9, 11];

const MAHAPURUSHA: Partial<Record<Graha, YogaName>> = {
  Mars: 'ruchaka',
  Mercury: 'bhadra',
  Jupiter: 'hamsa',
  Venus: 'malavya',
  Saturn: 'shasha',
};

/**
 * B. V. Raman's five Dhana yogas of the 5th and the 11th ("Three Hundred Important Combinations",
 * Dhana Yogas A–E): the 5th house a sign of the first graha with that graha in it, and the others in the 11th.
 */
const FIFTH_AND_ELEVENTH: { fifth: Graha; eleventh: Graha[] }[] = [
  { fifth: 'Venus', eleventh: ['Saturn'] },
  { fifth: 'Mercury', eleventh: ['Moon', 'Mars'] },
  { fifth: 'Saturn', eleventh: ['Mercury', 'Mars'] },
  { fifth: 'Sun', eleventh: ['Jupiter', 'Moon'] },
  { fifth: 'Jupiter', eleventh: ['Mars', 'Moon'] },
];

class ChartReader {
  constructor(readonly chart: YogaChart) {}

  house(graha: Graha): number {
    return houseFrom(this.chart.lagnaSign, this.chart.signs[graha]);
  }

  rules(graha: Graha): number[] {
    return Array.from({ length: 12 }, (_, i) => i + 1).filter((h) => houseLord(this.chart.lagnaSign, h) === graha);
  }

  placed(graha: Graha): YogaGraha {
    return { graha, sign: SIGN_NAMES[this.chart.signs[graha]], house: this.house(graha), rules: this.rules(graha) };
  }

  /** Combust or debilitated grahas among these: a yoga's grahas should be neither. */
  blemishes(grahas: Graha[]): Yoga['weakened_by'] {
    return grahas.flatMap((graha) => [
      ...(this.chart.combust[graha] ? [{ graha, reason: 'combust' as const }] : []),
      ...(isDebilitationSign(graha, this.chart.signs[graha]) ? [{ graha, reason: 'debilitated' as const }] : []),
    ]);
  }

  /** How two grahas are associated, strongest bond first: exchange of signs, conjunction, mutual aspect. */
  association(a: Graha, b: Graha): YogaBond | null {
    const [sa, sb] = [this.chart.signs[a], this.chart.signs[b]];
    if (sa !== sb && ownsSign(b, sa) && ownsSign(a, sb)) return 'exchange';
    if (sa === sb) return 'conjunction';
    if (aspectsSign(a, sa, sb) && aspectsSign(b, sb, sa)) return 'mutual_aspect';
    return null;
  }

  yoga(name: YogaName, grahas: Graha[], bond: YogaBond, weakened_by = this.blemishes(grahas)): Yoga {
    return { name, grahas: grahas.map((g) => this.placed(g)), bond, weakened_by };
  }

  /** Pairs of different grahas, one ruling a house of `first`, the other one of `second`, that are associated. */
  lordPairs(name: 'raja' | 'dhana', first: number[], second: number[]): Yoga[] {
    const found = new Map<string, Yoga>();
    for (const h1 of first)
      for (const h2 of second) {
        const [a, b] = [houseLord(this.chart.lagnaSign, h1), houseLord(this.chart.lagnaSign, h2)];
        if (h1 === h2 || a === b) continue;
        const pair = [a, b].sort((x, y) => GRAHAS.indexOf(x) - GRAHAS.indexOf(y));
        const key = pair.join('-');
        const bond = found.has(key) ? null : this.association(pair[0], pair[1]);
        if (bond) found.set(key, this.yoga(name, pair, bond));
      }
    return [...found.values()];
  }
}

/** Pancha Mahapurusha (BPHS, the chapter on the five great men; Phaladeepika 6.1): Mars … Saturn in own or exaltation sign in a kendra from the lagna. */
function mahapurusha(r: ChartReader): Yoga[] {
  return (Object.entries(MAHAPURUSHA) as [Graha, YogaName][]).flatMap(([graha, name]) => {
    const sign = r.chart.signs[graha];
    if (!KENDRAS.includes(r.house(graha))) return [];
    if (isExaltationSign(graha, sign)) return [r.yoga(name, [graha], 'exaltation')];
    if (ownsSign(graha, sign)) return [r.yoga(name, [graha], 'own_sign')];
    return [];
  });
}

/**
 * Gaja Kesari: Jupiter in a kendra from the Moon (Raman, the first of the "Three Hundred Important
 * Combinations"). P. V. R. Narasimha Rao (2000, 11.3) asks more of it: a benefic joining or
 * aspecting Jupiter, and Jupiter neither debilitated, combust nor in an enemy's sign; what fails
 * of those is named as what weakens the yoga.
 */
function gajaKesari(r: ChartReader): Yoga[] {
  const { signs, combust, mercuryBenefic } = r.chart;
  if (!KENDRAS.includes(houseFrom(signs.Moon, signs.Jupiter))) return [];
  const weakened: Yoga['weakened_by'] = [];
  if (isDebilitationSign('Jupiter', signs.Jupiter)) weakened.push({ graha: 'Jupiter', reason: 'debilitated' });
  if (combust.Jupiter) weakened.push({ graha: 'Jupiter', reason: 'combust' });
  if (naturalRelation('Jupiter', SIGN_LORDS[signs.Jupiter]) === 'enemy') weakened.push({ graha: 'Jupiter', reason: 'enemy_sign' });
  const benefics: Graha[] = mercuryBenefic ? ['Venus', 'Mercury'] : ['Venus'];
  const touched = benefics.some((b) => signs[b] === signs.Jupiter || aspectsSign(b, signs[b], signs.Jupiter));
  if (!touched) weakened.push({ graha: 'Jupiter', reason: 'no_benefic_influence' });
  return [r.yoga('gaja_kesari', ['Moon', 'Jupiter'], 'kendra_from_moon', weakened)];
}

/** Budha-Aditya (Nipuna) and Chandra-Mangala: the two grahas in one sign (Raman; Rao 2000, 11.2–11.3). */
function conjunctions(r: ChartReader): Yoga[] {
  const pairs: [YogaName, Graha, Graha][] = [
    ['budha_aditya', 'Sun', 'Mercury'],
    ['chandra_mangala', 'Moon', 'Mars'],
  ];
  return pairs.filter(([, a, b]) => r.chart.signs[a] === r.chart.signs[b]).map(([name, a, b]) => r.yoga(name, [a, b], 'conjunction'));
}

/**
 * Raja yogas (Rao 2000, 11.7, after BPHS's chapter on Raja yogas): a lord of a kendra and a lord of a trikona, two
 * different grahas, in one sign, in mutual aspect or in each other's signs (the lagna is both a
 * kendra and a trikona); and a graha that rules a kendra and a trikona besides the lagna, the
 * yogakaraka, which is a Raja yoga by itself.
 */
function raja(r: ChartReader): Yoga[] {
  const karakas = GRAHAS.filter((g) => {
    const rules = r.rules(g);
    return rules.some((h) => [4, 7, 10].includes(h)) && rules.some((h) => [5, 9].includes(h));
  });
  return [...karakas.map((g) => r.yoga('raja', [g], 'yogakaraka')), ...r.lordPairs('raja', KENDRAS, TRIKONAS)];
}

/**
 * Dhana yogas: Raman's five placements in the 5th and 11th; and (the Parashari rule of BPHS's chapter on wealth) the
 * lords of two different houses among the 2nd, 5th, 9th and 11th, two different grahas, associated
 * as in a Raja yoga.
 */
function dhana(r: ChartReader): Yoga[] {
  const fifthLord = houseLord(r.chart.lagnaSign, 5);
  const placements = FIFTH_AND_ELEVENTH.filter(
    (c) => c.fifth === fifthLord && r.house(c.fifth) === 5 && c.eleventh.every((g) => r.house(g) === 11),
  ).map((c) => r.yoga('dhana', [c.fifth, ...c.eleventh], 'fifth_and_eleventh'));
  return [...placements, ...r.lordPairs('dhana', WEALTH_HOUSES, WEALTH_HOUSES)];
}

/** Every yoga of the rule set that the chart forms, in the order above. */
export function yogasOf(chart: YogaChart): Yoga[] {
  const r = new ChartReader(chart);
  return [...mahapurusha(r), ...gajaKesari(r), ...conjunctions(r), ...raja(r), ...dhana(r)];
}

/** The rules' view of a kundli: signs and combustion from its placements, Mercury's nature as BPHS 3.11 gives it. */
export function yogaChartOf(k: Pick<Kundli, 'placements'>, mercury: Nature): YogaChart {
  const signs = {} as Record<Graha, number>;
  const combust = {} as Record<Graha, boolean>;
  for (const p of k.placements) {
    if (!(GRAHAS as readonly string[]).includes(p.body)) continue;
    signs[p.body as Graha] = SIGN_NAMES.indexOf(p.sign);
    combust[p.body as Graha] = p.combust;
  }
  const lagna = k.placements.find((p) => p.body === 'Lagna')!;
  return { lagnaSign: SIGN_NAMES.indexOf(lagna.sign), signs, combust, mercuryBenefic: mercury === 'benefic' };
}
