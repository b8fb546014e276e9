import { buildYearTypes, daysInYear, isPublishedYear, PUBLISHED_ANCHOR_ISO, PUBLISHED_FIRST_YEAR, ThaiYearType } from './year-types';

/** Civil dates served: 1901-01-01 … 2199-12-31 (lunar years 1901 … 2200). */
export const FIRST_CIVIL_YEAR = 1901;
export const LAST_CIVIL_YEAR = 2199;
const FIRST_LUNAR_YEAR = FIRST_CIVIL_YEAR;
const LAST_LUNAR_YEAR = LAST_CIVIL_YEAR + 1;

export type ThaiMonth = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
export type LunarPhase = 'waxing' | 'waning';

/** One lunar date. `second_eighth` marks the doubled month 8/8 (เดือนแปดหลัง) of an Athikamat year. */
export interface ThaiLunarDate {
  lunar_year: number;
  month: ThaiMonth;
  second_eighth: boolean;
  phase: LunarPhase;
  /** 1–15 in either phase */
  day: number;
  days_in_month: 29 | 30;
  year_type: ThaiYearType;
  year_type_source: 'published' | 'extrapolated';
}

interface MonthSlot {
  month: ThaiMonth;
  secondEighth: boolean;
  days: 29 | 30;
  /** days from the start of the lunar year to day 1 of this month */
  offset: number;
}

/** Months 1–12: odd months 29 days, even 30; Athikawan gives month 7 a 30th day; Athikamat repeats month 8 (30 days). */
function monthsOf(type: ThaiYearType): MonthSlot[] {
  const slots: MonthSlot[] = [];
  let offset = 0;
  const push = (month: ThaiMonth, secondEighth: boolean, days: 29 | 30) => {
    slots.push({ month, secondEighth, days, offset });
    offset += days;
  };
  for (let m = 1; m <= 12; m++) {
    const days: 29 | 30 = m % 2 === 0 || (m === 7 && type === 'athikawan') ? 30 : 29;
    push(m as ThaiMonth, false, days);
    if (m === 8 && type === 'athikamat') push(8, true, 30);
  }
  return slots;
}

const MONTHS: Record<ThaiYearType, MonthSlot[]> = {
  normal: monthsOf('normal'),
  athikawan: monthsOf('athikawan'),
  athikamat: monthsOf('athikamat'),
};

/** Days since 1970-01-01 of a civil ISO date (proleptic Gregorian, UTC). */
export function epochDay(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}

export function isoOfEpochDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Year types and the epoch day of each lunar year's month 1 waxing 1, built once. */
const YEAR_TYPES = buildYearTypes(FIRST_LUNAR_YEAR, LAST_LUNAR_YEAR);
const YEAR_STARTS = new Map<number, number>();
{
  let start = epochDay(PUBLISHED_ANCHOR_ISO);
  for (let y = PUBLISHED_FIRST_YEAR; y <= LAST_LUNAR_YEAR + 1; y++) {
    YEAR_STARTS.set(y, start);
    start += daysInYear(YEAR_TYPES.get(y) ?? 'normal');
  }
  start = epochDay(PUBLISHED_ANCHOR_ISO);
  for (let y = PUBLISHED_FIRST_YEAR - 1; y >= FIRST_LUNAR_YEAR; y--) {
    start -= daysInYear(YEAR_TYPES.get(y)!);
    YEAR_STARTS.set(y, start);
  }
}

export function yearTypeOf(lunarYear: number): ThaiYearType {
  const type = YEAR_TYPES.get(lunarYear);
  if (!type) throw new RangeError(`lunar year ${lunarYear} is outside ${FIRST_LUNAR_YEAR}–${LAST_LUNAR_YEAR}`);
  return type;
}

export function yearStartEpochDay(lunarYear: number): number {
  yearTypeOf(lunarYear);
  return YEAR_STARTS.get(lunarYear)!;
}

export function isCivilDateInRange(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= FIRST_CIVIL_YEAR && year <= LAST_CIVIL_YEAR;
}

/** The Thai lunar date of a civil date (1901-01-01 … 2199-12-31). */
export function civilToThaiLunar(iso: string): ThaiLunarDate {
  if (!isCivilDateInRange(iso)) throw new RangeError(`date ${iso} is outside ${FIRST_CIVIL_YEAR}–${LAST_CIVIL_YEAR}`);
  return lunarOfEpochDay(epochDay(iso));
}

export function lunarOfEpochDay(day: number): ThaiLunarDate {
  // The lunar year Y starts in Nov/Dec of Y − 1: try the civil year + 1 and step back.
  let year = new Date(day * 86_400_000).getUTCFullYear() + 1;
  while (year > FIRST_LUNAR_YEAR && YEAR_STARTS.get(year)! > day) year--;
  const type = YEAR_TYPES.get(year)!;
  const dayOfYear = day - YEAR_STARTS.get(year)!;
  const slots = MONTHS[type];
  let slot = slots[slots.length - 1];
  for (let i = 1; i < slots.length; i++) {
    if (slots[i].offset > dayOfYear) {
      slot = slots[i - 1];
      break;
    }
  }
  const dayOfMonth = dayOfYear - slot.offset + 1;
  return {
    lunar_year: year,
    month: slot.month,
    second_eighth: slot.secondEighth,
    phase: dayOfMonth <= 15 ? 'waxing' : 'waning',
    day: dayOfMonth <= 15 ? dayOfMonth : dayOfMonth - 15,
    days_in_month: slot.days,
    year_type: type,
    year_type_source: isPublishedYear(year) ? 'published' : 'extrapolated',
  };
}

export interface LunarDateInput {
  lunar_year: number;
  month: number;
  second_eighth?: boolean;
  phase: LunarPhase;
  day: number;
}

/** Why a lunar date does not exist, naming the field; null when it does. */
export function lunarDateProblem(input: LunarDateInput): { field: string; message: string } | null {
  if (!YEAR_TYPES.has(input.lunar_year)) return { field: 'lunar_year', message: `must be within ${FIRST_LUNAR_YEAR}–${LAST_LUNAR_YEAR}` };
  const type = YEAR_TYPES.get(input.lunar_year)!;
  const slot = MONTHS[type].find((s) => s.month === input.month && s.secondEighth === (input.second_eighth ?? false));
  if (!slot) {
    return input.second_eighth
      ? {
          field: 'second_eighth',
          message: `lunar year ${input.lunar_year} is ${type === 'athikawan' ? 'an Athikawan' : 'a normal'} year without a second 8th month (only month 8 of an Athikamat year can be 8/8)`,
        }
      : { field: 'month', message: 'must be 1–12' };
  }
  const max = input.phase === 'waxing' ? 15 : slot.days - 15;
  if (input.day < 1 || input.day > max)
    return { field: 'day', message: `must be 1–${max} for ${input.phase} of this month (${slot.days} days)` };
  return null;
}

/** The civil date of a lunar date; throws RangeError when it does not exist (see lunarDateProblem). */
export function thaiLunarToCivil(input: LunarDateInput): string {
  const problem = lunarDateProblem(input);
  if (problem) throw new RangeError(`${problem.field}: ${problem.message}`);
  const type = YEAR_TYPES.get(input.lunar_year)!;
  const slot = MONTHS[type].find((s) => s.month === input.month && s.secondEighth === (input.second_eighth ?? false))!;
  const dayOfMonth = input.phase === 'waxing' ? input.day : input.day + 15;
  return isoOfEpochDay(YEAR_STARTS.get(input.lunar_year)! + slot.offset + dayOfMonth - 1);
}

/** Epoch day of a lunar date known to exist (internal shortcut for the observances). */
export function epochDayOfLunar(year: number, month: ThaiMonth, secondEighth: boolean, phase: LunarPhase, day: number): number {
  const type = YEAR_TYPES.get(year)!;
  const slot = MONTHS[type].find((s) => s.month === month && s.secondEighth === secondEighth)!;
  return YEAR_STARTS.get(year)! + slot.offset + (phase === 'waxing' ? day : day + 15) - 1;
}
