import {
  annualLuckWindow,
  birthMoment,
  BRANCHES,
  Element,
  elementCounts,
  FourPillars,
  fourPillars,
  hiddenStems,
  JaHourConvention,
  luckDirection,
  LuckDirection,
  Pillar,
  PILLAR_NAMES,
  PillarName,
  pillarAt,
  Polarity,
  Stem,
  yearPillarOfCivilYear,
  pillarClock,
  SummerTimeBasis,
  SummerTimeRule,
  underSolarTime,
} from '@astro/saju';
import { birthOf } from '@astro/ephemeris';
import { BaziReading, baziReading, ReadingLanguage } from './bazi-reading';
import { lifeStageOf } from './life-stages';
import { addCalendar, LuckStart, luckStart } from './luck-start';
import { NaYin, naYinOf } from './nayin';
import { apparentSolarTime, SolarTime, withSolarClock } from './solar-time';
import { FavourableElements, favourableElements, StrengthReasoning, strengthWithReasoning } from './strength';
import { SymbolicStar, symbolicStars } from './symbolic-stars';
import { BRANCH_ANIMAL_ZH, branchPinyin, ELEMENT_ZH, ganZhi, pinyinOf, POLARITY_ZH, stemPinyin, voidBranchIndices } from './symbols';
import { DAY_MASTER_VIEW, TenGodView, tenGodView } from './ten-gods-zh';

export const ZI_HOUR_CONVENTIONS = ['next_day', 'split'] as const;
export type ZiHourConvention = (typeof ZI_HOUR_CONVENTIONS)[number];
const SAJU_CONVENTION: Record<ZiHourConvention, JaHourConvention> = { next_day: 'next_day_at_23', split: 'split_at_midnight' };

export interface BaziInput {
  date: string;
  time: string;
  latitude: number;
  longitude: number;
  timezoneOffsetMinutes: number;
  /** the IANA zone of the birth clock, when given: its rules tell whether summer time was in force */
  timezone?: string;
  gender: 'male' | 'female';
  true_solar_time?: boolean;
  dst?: SummerTimeRule;
  zi_hour?: ZiHourConvention;
  annual_years_before?: number;
  annual_years_after?: number;
  language?: ReadingLanguage;
}

export interface HiddenStemBazi {
  stem: string;
  pinyin: string;
  element: Element;
  ten_god: TenGodView;
}

export interface BaziPillar {
  gan_zhi: string;
  pinyin: string;
  stem: string;
  branch: string;
  stem_pinyin: string;
  branch_pinyin: string;
  stem_element: Element;
  branch_element: Element;
  stem_polarity: Polarity;
  animal: string;
  animal_zh: string;
  na_yin: NaYin;
  stem_ten_god: TenGodView;
  hidden_stems: HiddenStemBazi[];
  /** the day master's life stage in this pillar's branch */
  life_stage: { zh: string; en: string };
  /** the symbolic stars standing on this pillar's branch (Chinese names, as almanacs print them under the pillar) */
  symbolic_stars: string[];
}

export interface LuckPillarBazi {
  index: number;
  gan_zhi: string;
  pinyin: string;
  na_yin: NaYin;
  stem_ten_god: TenGodView;
  branch_main_ten_god: TenGodView;
  life_stage: { zh: string; en: string };
  start_age: { years: number; months: number; days: number };
  start_local: string;
  end_local_exclusive: string;
}

export interface AnnualPillarBazi {
  civil_year: number;
  /** 虚岁: 1 in the birth year, one more at each new year */
  age_sui: number;
  gan_zhi: string;
  pinyin: string;
  na_yin: NaYin;
  stem_ten_god: TenGodView;
  branch_main_ten_god: TenGodView;
}

export interface BaziReport {
  system: 'chinese_bazi';
  time_basis: {
    clock: { date: string; time: string; timezoneOffsetMinutes: number };
    true_solar_time: boolean;
    solar_time: SolarTime | null;
    summer_time: SummerTimeBasis;
    note: string;
  };
  zi_hour: { convention: ZiHourConvention; note: string };
  pillars: Record<PillarName, BaziPillar>;
  day_master: {
    stem: string;
    pinyin: string;
    element: Element;
    element_zh: string;
    polarity: Polarity;
    polarity_zh: string;
    strength: StrengthReasoning;
  };
  five_elements: { counts: Record<Element, number>; note: string };
  favourable_elements: FavourableElements & { favourable_zh: string[]; unfavourable_zh: string[] };
  void_branches: {
    day: { branches: string[]; pillars: PillarName[] };
    year: { branches: string[]; pillars: PillarName[] };
    rule: string;
  };
  symbolic_stars: SymbolicStar[];
  luck_pillars: {
    direction: LuckDirection;
    direction_zh: string;
    gender: 'male' | 'female';
    start: LuckStart;
    rule: string;
    periods: LuckPillarBazi[];
  };
  annual_pillars: { anchor_civil_year: number; years_before: number; years_after: number; note: string; years: AnnualPillarBazi[] };
  reading: BaziReading;
}

const LUCK_PERIODS = 10;
export const DEFAULT_ANNUAL_WINDOW = { before: 0, after: 20 } as const;

function pillarView(p: Pillar, dm: Stem, isDay: boolean): BaziPillar {
  return {
    gan_zhi: ganZhi(p),
    pinyin: pinyinOf(p),
    stem: p.stem.hanja,
    branch: p.branch.hanja,
    stem_pinyin: stemPinyin(p.stem),
    branch_pinyin: branchPinyin(p.branch),
    stem_element: p.stem.element,
    branch_element: p.branch.element,
    stem_polarity: p.stem.polarity,
    animal: p.branch.animal,
    animal_zh: BRANCH_ANIMAL_ZH[p.branch.index],
    na_yin: naYinOf(p),
    stem_ten_god: isDay ? DAY_MASTER_VIEW : tenGodView(dm, p.stem),
    hidden_stems: hiddenStems(p.branch).map((s) => ({
      stem: s.hanja,
      pinyin: stemPinyin(s),
      element: s.element,
      ten_god: tenGodView(dm, s),
    })),
    life_stage: lifeStageOf(dm, p.branch),
    symbolic_stars: [],
  };
}

function voidOf(pillars: FourPillars, of: Pillar) {
  const indices = voidBranchIndices(of);
  return {
    branches: indices.map((i) => BRANCHES[i].hanja),
    pillars: PILLAR_NAMES.filter((n) => indices.includes(pillars[n].branch.index)),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const localIso = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** The BaZi chart of POST /api/v3/chinese/bazi: the pillar engine of libs/saju, presented the Chinese way. */
export function baziReport(input: BaziInput, ephemerisPath: string): BaziReport {
  const convention = input.zi_hour ?? 'next_day';
  const trueSolar = input.true_solar_time ?? false;
  const clockBirth = birthMoment(birthOf(input), ephemerisPath);
  const standard = pillarClock(clockBirth, input, input.dst);
  const solar = trueSolar ? apparentSolarTime(clockBirth.instantMs, input.longitude, ephemerisPath) : null;
  const birth = solar ? withSolarClock(clockBirth, solar.ms) : standard.moment;
  const pillars = fourPillars(birth, SAJU_CONVENTION[convention], ephemerisPath);
  const dm = pillars.day.stem;

  const counts = elementCounts(pillars);
  const strength = strengthWithReasoning(pillars);
  const favourable = favourableElements(dm.element, strength.label, counts);

  const { direction } = luckDirection(input.gender, pillars.year.stem);
  const start = luckStart(clockBirth, direction, input.timezoneOffsetMinutes * 60);
  const firstStart = new Date(Date.parse(`${start.start_local}:00Z`));
  const step = direction === 'forward' ? 1 : -1;
  const periods: LuckPillarBazi[] = Array.from({ length: LUCK_PERIODS }, (_, i) => {
    const p = pillarAt(pillars.month.cycleIndex + step * (i + 1));
    return {
      index: i + 1,
      gan_zhi: ganZhi(p),
      pinyin: pinyinOf(p),
      na_yin: naYinOf(p),
      stem_ten_god: tenGodView(dm, p.stem),
      branch_main_ten_god: tenGodView(dm, hiddenStems(p.branch)[0]),
      life_stage: lifeStageOf(dm, p.branch),
      start_age: { years: start.years + 10 * i, months: start.months, days: start.days },
      start_local: localIso(addCalendar(firstStart, 10 * i, 0, 0, 0)),
      end_local_exclusive: localIso(addCalendar(firstStart, 10 * (i + 1), 0, 0, 0)),
    };
  });

  const anchor = clockBirth.year;
  const window = annualLuckWindow(
    input.annual_years_before ?? DEFAULT_ANNUAL_WINDOW.before,
    input.annual_years_after ?? DEFAULT_ANNUAL_WINDOW.after,
  );
  const years: AnnualPillarBazi[] = Array.from({ length: window.before + window.after + 1 }, (_, i) => {
    const civilYear = anchor - window.before + i;
    const p = yearPillarOfCivilYear(civilYear);
    return {
      civil_year: civilYear,
      age_sui: civilYear - pillarsYearOfBirth(pillars, clockBirth.year) + 1,
      gan_zhi: ganZhi(p),
      pinyin: pinyinOf(p),
      na_yin: naYinOf(p),
      stem_ten_god: tenGodView(dm, p.stem),
      branch_main_ten_god: tenGodView(dm, hiddenStems(p.branch)[0]),
    };
  });

  const view: Record<PillarName, BaziPillar> = {
    year: pillarView(pillars.year, dm, false),
    month: pillarView(pillars.month, dm, false),
    day: pillarView(pillars.day, dm, true),
    hour: pillarView(pillars.hour, dm, false),
  };
  const stars = symbolicStars(pillars);
  for (const star of stars) {
    for (const name of star.pillars) if (!view[name].symbolic_stars.includes(star.zh)) view[name].symbolic_stars.push(star.zh);
  }
  const reading = baziReading(
    {
      pillars,
      strength: strength.label,
      favourable: favourable.favourable,
      stars: stars.map((s) => s.key),
      direction,
      start,
      firstLuck: periods[0].gan_zhi,
    },
    input.language ?? 'en',
  );

  return {
    system: 'chinese_bazi',
    time_basis: {
      clock: { date: input.date, time: input.time, timezoneOffsetMinutes: input.timezoneOffsetMinutes },
      true_solar_time: trueSolar,
      solar_time: solar?.view ?? null,
      summer_time: trueSolar ? underSolarTime(standard.basis) : standard.basis,
      note: trueSolar
        ? 'The day and hour pillars are read from local apparent solar time (UT + 4 minutes per degree of longitude + the equation of time); the year and month pillars and the luck start from the birth instant.'
        : 'The day and hour pillars are read from the clock time (summer time handled as `summer_time` says; no longitude or equation-of-time correction); the year and month pillars from the birth instant compared with the solar terms.',
    },
    zi_hour: {
      convention,
      note:
        convention === 'next_day'
          ? "next_day (子初换日): from 23:00 the day pillar is already the next day's, and the hour is that day's 子 hour."
          : "split (早晚子时): 23:00–24:00 keeps the current day pillar with the next day's 子 hour stem (夜子时); 00:00–01:00 is the new day's 子 hour (早子时).",
    },
    pillars: view,
    day_master: {
      stem: dm.hanja,
      pinyin: stemPinyin(dm),
      element: dm.element,
      element_zh: ELEMENT_ZH[dm.element],
      polarity: dm.polarity,
      polarity_zh: POLARITY_ZH[dm.polarity],
      strength,
    },
    five_elements: { counts, note: 'over the eight visible characters (four stems, four branches); hidden stems are not counted' },
    favourable_elements: {
      ...favourable,
      favourable_zh: favourable.favourable.map((e) => ELEMENT_ZH[e]),
      unfavourable_zh: favourable.unfavourable.map((e) => ELEMENT_ZH[e]),
    },
    void_branches: {
      day: voidOf(pillars, pillars.day),
      year: voidOf(pillars, pillars.year),
      rule: "The two branches left over by the ten stems of the pillar's 旬 (甲子旬 → 戌亥, 甲戌旬 → 申酉, 甲申旬 → 午未, 甲午旬 → 辰巳, 甲辰旬 → 寅卯, 甲寅旬 → 子丑); `pillars` lists the chart's pillars standing on them.",
    },
    symbolic_stars: stars,
    luck_pillars: {
      direction,
      direction_zh: direction === 'forward' ? '顺行' : '逆行',
      gender: input.gender,
      start,
      rule: 'Forward for a male with a yang year stem or a female with a yin one, backward otherwise; pillars step from the month pillar. The start counts the minutes from the birth to the next jeol term (forward) or from the previous one (backward): 3 days = 1 year, 1 day = 4 months, 2 hours = 10 days; each pillar lasts ten years.',
      periods,
    },
    annual_pillars: {
      anchor_civil_year: anchor,
      years_before: window.before,
      years_after: window.after,
      note: 'One row per civil year: the sexagenary year that begins at 立春 (Sun at 315°, about 4 February) of that year; January and early February still belong to the previous row. age_sui is the traditional age, 1 in the year of the birth pillar.',
      years,
    },
    reading,
  };
}

/** The civil year whose 立春 begins the birth's year pillar (a January birth belongs to the year before). */
function pillarsYearOfBirth(pillars: FourPillars, civilYear: number): number {
  return yearPillarOfCivilYear(civilYear).cycleIndex === pillars.year.cycleIndex ? civilYear : civilYear - 1;
}
