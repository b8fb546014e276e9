import content from './content/calendar.json';
import { civilToThaiLunar, epochDay, LunarPhase, ThaiLunarDate } from './calendar';

/**
 * Year numbers and names of a Thai lunar date, and its text as an almanac writes it.
 *
 * Conventions (docs/thai.md):
 * - Buddhist Era: the civil year + 543 (since 1941 the Thai year begins on 1 January).
 * - Chula Sakarat (จุลศักราช): changes at เถลิงศก, taken as 16 April; before it CE − 639, from it CE − 638.
 * - The year's animal (ปีนักษัตร) changes on waxing 1 of month 5 (ขึ้น ๑ ค่ำ เดือน ๕), the almanac
 *   convention: months 1–4 still belong to the previous animal year.
 */
const THAI_DIGITS = ['๐', '๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘', '๙'];

export function thaiDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (d) => THAI_DIGITS[Number(d)]);
}

/** Index 0 = Rat (ชวด). 2020 was a Rat year. */
export function animalIndexOfYear(ceYear: number): number {
  return (((ceYear - 2020) % 12) + 12) % 12;
}

export interface ThaiDateDescription extends ThaiLunarDate {
  date: string;
  weekday: number;
  month_label: string;
  buddhist_era: number;
  chula_sakarat: number;
  animal: { index: number; th: string; en: string };
  text: { th: string; en: string };
}

export function monthLabel(month: number, secondEighth: boolean): string {
  return secondEighth ? '8/8' : String(month);
}

/** e.g. ขึ้น ๑๕ ค่ำ เดือน ๘/๘ */
export function lunarDayText(lunar: ThaiLunarDate): string {
  return `${content.phases.th[lunar.phase]} ${thaiDigits(lunar.day)} ค่ำ เดือน ${thaiDigits(monthLabel(lunar.month, lunar.second_eighth))}`;
}

/** e.g. the 15th waxing day of the second 8th month */
export function lunarDayTextEn(lunar: Pick<ThaiLunarDate, 'phase' | 'day' | 'month' | 'second_eighth'>): string {
  return `the ${ordinal(lunar.day)} ${phaseEn(lunar.phase)} day of the ${monthEn(lunar.month, lunar.second_eighth)} lunar month`;
}

export function describeCivilDate(iso: string): ThaiDateDescription {
  const lunar = civilToThaiLunar(iso);
  const [year, month, day] = iso.split('-').map(Number);
  const weekday = ((epochDay(iso) % 7) + 11) % 7; // 1970-01-01 was a Thursday (4)
  // The animal year that month 5 of this lunar year opens is named after the lunar year's civil year.
  const animalYear = lunar.month >= 5 ? lunar.lunar_year : lunar.lunar_year - 1;
  const animal = animalIndexOfYear(animalYear);
  const afterNewYear = month > 4 || (month === 4 && day >= 16);
  return {
    date: iso,
    weekday,
    ...lunar,
    month_label: monthLabel(lunar.month, lunar.second_eighth),
    buddhist_era: year + 543,
    chula_sakarat: year - (afterNewYear ? 638 : 639),
    animal: { index: animal, th: content.animals.th[animal], en: content.animals.en[animal] },
    text: {
      th: `${content.weekdays.th[weekday]} ${lunarDayText(lunar)} ปี${content.animals.th[animal]}`,
      en: `${content.weekdays.en[weekday]}, ${ordinal(lunar.day)} ${phaseEn(lunar.phase)} day of the ${monthEn(lunar.month, lunar.second_eighth)} lunar month, year of the ${content.animals.en[animal]}`,
    },
  };
}

function phaseEn(phase: LunarPhase): string {
  return content.phases.en[phase];
}

function monthEn(month: number, secondEighth: boolean): string {
  return secondEighth ? 'second 8th' : ordinal(month);
}

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

export const calendarContent = content;
