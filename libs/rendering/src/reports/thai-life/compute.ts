import {
  addYears,
  BirthDays,
  MahaThaksa,
  birthDays,
  describeCivilDate,
  dayVerdict,
  holyDaysOfYear,
  HolyDaysOfYear,
  mahaThaksa,
  POSITION_ORDER,
  RuleName,
  ThaiDateDescription,
  ThaksaPeriod,
  ThaksaPlanet,
  ThaksaPosition,
  WHEEL_ORDER,
} from '@astro/thai';
import { BirthSubjectInput, NamedPlace } from '../common';
import { VedicSubjectInput, vedicBirth } from '../vedic-common';

/** What the Thai life report is asked for: the birth, the name, and the year read. */
export interface ThaiLifeInput {
  birth_subject: VedicSubjectInput;
  name: string;
  /** the civil year whose ทักษาจร, holy days and best days are read (resolved when the job is queued) */
  year: number;
}

/** A planet on a board and the position it holds there. */
export interface BoardSeat {
  position: ThaksaPosition;
  planet: ThaksaPlanet;
}

/** A ruling period of life (ดาวเสวยอายุ) with the ages it spans. */
export interface LifePeriod extends ThaksaPeriod {
  fromAge: number;
  toAge: number;
}

/** A day of the year by the auspicious-timing rules for this person (the rules of POST /api/v3/thai/auspicious-timing). */
export interface RatedDay {
  date: string;
  weekday: number;
  score: number;
  rules: RuleName[];
}

export interface ThaiLifeData {
  name: string;
  birth: BirthSubjectInput;
  place: NamedPlace | null;
  year: number;
  /** the Thai lunar date of the birth's civil date (POST /api/v3/thai/lunar-date) */
  lunar: ThaiDateDescription;
  birthPlanet: ThaksaPlanet;
  /** the eight positions of the birth board in the order บริวาร … กาลกิณี (POST /api/v3/thai/maha-thaksa) */
  board: MahaThaksa['positions'];
  /** the eight ruling periods of a whole 108-year cycle from birth */
  periods: LifePeriod[];
  /** the index in `periods` of the one in force on the birthday of `year` */
  currentPeriod: number;
  /** ทักษาจร: the board of the year of life that begins on the birthday of `year` */
  yearly: { ageStep: number; from: string; to: string; board: BoardSeat[] };
  days: BirthDays;
  holyDays: HolyDaysOfYear;
  /** per month (1–12): the best days and the days the rules forbid (ดิถีมหาสูญ; the birth's กาลกิณี weekday is named once) */
  months: { month: number; best: RatedDay[]; mahasun: string[] }[];
}

const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The board whose บริวาร is `first` (the wheel's planets then follow in their order). */
function boardFrom(first: ThaksaPlanet): BoardSeat[] {
  const start = WHEEL_ORDER.indexOf(first);
  return POSITION_ORDER.map((position, i) => ({ position, planet: WHEEL_ORDER[(start + i) % 8] }));
}

/**
 * ทักษาจร of a year of life: counting the year of life (อายุย่าง) round the wheel from the birth
 * planet as one, the planet the count ends on becomes the year's บริวาร (docs/thai.md).
 */
export function yearlyBoard(birthPlanet: ThaksaPlanet, ageStep: number): BoardSeat[] {
  return boardFrom(WHEEL_ORDER[(WHEEL_ORDER.indexOf(birthPlanet) + ageStep - 1) % 8]);
}

const BEST_PER_MONTH = 3;

function monthsOf(year: number, days: BirthDays): ThaiLifeData['months'] {
  const months: ThaiLifeData['months'] = [];
  for (let month = 1; month <= 12; month++) {
    const rated: RatedDay[] = [];
    const mahasun: string[] = [];
    for (let day = 1; day <= 31; day++) {
      const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      if (new Date(`${date}T00:00:00Z`).getUTCMonth() !== month - 1) break;
      const described = describeCivilDate(date);
      const verdict = dayVerdict(described, { birth: days });
      if (verdict.rules.some((r) => r.rule === 'dithi_mahasun')) mahasun.push(date);
      if (verdict.verdict !== 'avoid')
        rated.push({ date, weekday: described.weekday, score: verdict.score, rules: verdict.rules.map((r) => r.rule) });
    }
    // the highest scores, then the earliest; printed in calendar order
    const best = [...rated]
      .sort((a, b) => b.score - a.score || a.date.localeCompare(b.date))
      .slice(0, BEST_PER_MONTH)
      .sort((a, b) => a.date.localeCompare(b.date));
    months.push({ month, best, mahasun });
  }
  return months;
}

/** The Thai life report's data: every number read from the Thai calculation routes' own functions. */
export function computeThaiLife(input: ThaiLifeInput): ThaiLifeData {
  const { person } = vedicBirth(input.birth_subject, input.name);
  const b = person.birth;
  const birthday = addYears(b.date, input.year - Number(b.date.slice(0, 4)));
  // one whole cycle of 108 years: the wheel read to the day before its end gives its eight periods
  const wheel = mahaThaksa({ date: b.date, time: b.time }, dayBefore(addYears(b.date, 108)));
  let age = 0;
  const periods = wheel.periods.map((p) => {
    const period = { ...p, fromAge: age, toAge: age + p.years };
    age += p.years;
    return period;
  });
  const ageStep = input.year - Number(b.date.slice(0, 4)) + 1;
  const days = birthDays({ date: b.date, time: b.time });
  return {
    name: input.name,
    birth: b,
    place: person.place,
    year: input.year,
    lunar: describeCivilDate(b.date),
    birthPlanet: wheel.birth_planet,
    board: wheel.positions,
    periods,
    currentPeriod: periods.findIndex((p) => p.start <= birthday && birthday < p.end),
    yearly: { ageStep, from: birthday, to: dayBefore(addYears(b.date, ageStep)), board: yearlyBoard(wheel.birth_planet, ageStep) },
    days,
    holyDays: holyDaysOfYear(input.year),
    months: monthsOf(input.year, days),
  };
}
