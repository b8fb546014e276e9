import content from './content/calendar.json';
import {
  epochDayOfLunar,
  FIRST_CIVIL_YEAR,
  isoOfEpochDay,
  LAST_CIVIL_YEAR,
  lunarOfEpochDay,
  LunarPhase,
  ThaiMonth,
  yearTypeOf,
  epochDay,
} from './calendar';

/**
 * Buddhist holy days (วันพระ) and festivals of a civil year.
 *
 * Rules (docs/thai.md, each as the Thai calendar and the `holidays` library state them):
 * - Wan Phra: waxing 8 and 15, waning 8 and the last day of every month (waning 14 or 15).
 * - Makha Bucha: waxing 15 of month 3 (month 4 in an Athikamat year).
 * - Visakha Bucha: waxing 15 of month 6 (month 7 in an Athikamat year).
 * - Atthami Bucha: waning 8 of month 6 (month 7 in an Athikamat year).
 * - Asarnha Bucha: waxing 15 of month 8 (8/8 in an Athikamat year); Khao Phansa the next day, waning 1.
 * - Ok Phansa: waxing 15 of month 11. Loy Krathong: waxing 15 of month 12.
 * - Fixed civil dates: New Year's Day 1 January, Songkran 13–15 April. The Chinese New Year is not
 *   included (it belongs to the Chinese calendar; see the Chinese tag).
 */
export type ObservanceKind =
  | 'wan_phra'
  | 'makha_bucha'
  | 'visakha_bucha'
  | 'atthami_bucha'
  | 'asarnha_bucha'
  | 'khao_phansa'
  | 'ok_phansa'
  | 'loy_krathong'
  | 'songkran'
  | 'new_year';

export interface Observance {
  date: string;
  kind: ObservanceKind;
  name: { th: string; en: string };
  /** buddhist: a Buddhist holy day or festival of the lunar calendar; civil: a fixed civil date */
  calendar: 'lunar' | 'civil';
}

interface LunarRule {
  kind: ObservanceKind;
  month: ThaiMonth;
  /** in an Athikamat year: the month one later (3→4, 6→7) or the second 8th month */
  athikamat: { month: ThaiMonth; secondEighth: boolean };
  phase: LunarPhase;
  day: number;
}

const FESTIVAL_RULES: LunarRule[] = [
  { kind: 'makha_bucha', month: 3, athikamat: { month: 4, secondEighth: false }, phase: 'waxing', day: 15 },
  { kind: 'visakha_bucha', month: 6, athikamat: { month: 7, secondEighth: false }, phase: 'waxing', day: 15 },
  { kind: 'atthami_bucha', month: 6, athikamat: { month: 7, secondEighth: false }, phase: 'waning', day: 8 },
  { kind: 'asarnha_bucha', month: 8, athikamat: { month: 8, secondEighth: true }, phase: 'waxing', day: 15 },
  { kind: 'khao_phansa', month: 8, athikamat: { month: 8, secondEighth: true }, phase: 'waning', day: 1 },
  { kind: 'ok_phansa', month: 11, athikamat: { month: 11, secondEighth: false }, phase: 'waxing', day: 15 },
  { kind: 'loy_krathong', month: 12, athikamat: { month: 12, secondEighth: false }, phase: 'waxing', day: 15 },
];

function named(date: string, kind: ObservanceKind, calendar: 'lunar' | 'civil'): Observance {
  return { date, kind, name: content.observances[kind], calendar };
}

/** The lunar festivals of lunar year Y all fall in civil year Y (month 3 is never before January). */
function lunarFestivals(civilYear: number): Observance[] {
  const leap = yearTypeOf(civilYear) === 'athikamat';
  return FESTIVAL_RULES.map((rule) => {
    const month = leap ? rule.athikamat.month : rule.month;
    const second = leap ? rule.athikamat.secondEighth : false;
    return named(isoOfEpochDay(epochDayOfLunar(civilYear, month, second, rule.phase, rule.day)), rule.kind, 'lunar');
  });
}

/** True when the lunar date is a Wan Phra. */
export function isWanPhra(phase: LunarPhase, day: number, daysInMonth: number): boolean {
  return day === 8 || (phase === 'waxing' && day === 15) || (phase === 'waning' && day === daysInMonth - 15);
}

export function wanPhraDates(civilYear: number): string[] {
  const first = epochDay(`${civilYear}-01-01`);
  const last = epochDay(`${civilYear}-12-31`);
  const dates: string[] = [];
  for (let day = first; day <= last; day++) {
    const lunar = lunarOfEpochDay(day);
    if (isWanPhra(lunar.phase, lunar.day, lunar.days_in_month)) dates.push(isoOfEpochDay(day));
  }
  return dates;
}

/** Every observance of a civil year, in date order (several can share a date). */
export function observancesOfYear(civilYear: number): Observance[] {
  if (civilYear < FIRST_CIVIL_YEAR || civilYear > LAST_CIVIL_YEAR)
    throw new RangeError(`year must be within ${FIRST_CIVIL_YEAR}–${LAST_CIVIL_YEAR}`);
  const all: Observance[] = [
    named(`${civilYear}-01-01`, 'new_year', 'civil'),
    ...['13', '14', '15'].map((d) => named(`${civilYear}-04-${d}`, 'songkran', 'civil')),
    ...lunarFestivals(civilYear),
    ...wanPhraDates(civilYear).map((date) => named(date, 'wan_phra', 'lunar')),
  ];
  return all.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
