import { Birth, EphemerisRangeError } from '@astro/ephemeris';
import { Branch, BRANCHES, mod, sexagenaryIndex, Stem, STEMS } from './cycle';
import { ipchunOf, JeolTerm, surroundingJeolTerms } from './jeol-terms';

export interface Pillar {
  stem: Stem;
  branch: Branch;
  /** Position in the sixty-pair cycle, 0 = 甲子. */
  cycleIndex: number;
}

export const PILLAR_NAMES = ['year', 'month', 'day', 'hour'] as const;
export type PillarName = (typeof PILLAR_NAMES)[number];
export type FourPillars = Record<PillarName, Pillar>;

/**
 * Births between 23:00 and 24:00 (the first half of the Ja hour 子時):
 * - `next_day_at_23` (default): the day changes at 23:00, so the day pillar and the hour pillar
 *   are both the next day's (子初換日, the reckoning most Korean manseryeok programs use);
 * - `split_at_midnight`: 야자시/조자시. The day pillar stays the current day's until 24:00 and the
 *   hour pillar is the next day's Ja hour.
 * Births from 00:00 to 01:00 are the current day's Ja hour in both conventions.
 */
export const JA_HOUR_CONVENTIONS = ['next_day_at_23', 'split_at_midnight'] as const;
export type JaHourConvention = (typeof JA_HOUR_CONVENTIONS)[number];

export const pillarAt = (cycleIndex: number): Pillar => {
  const n = mod(cycleIndex, 60);
  return { stem: STEMS[n % 10], branch: BRANCHES[n % 12], cycleIndex: n };
};

const pillarOf = (stemIndex: number, branchIndex: number): Pillar => pillarAt(sexagenaryIndex(mod(stemIndex, 10), mod(branchIndex, 12)));

/** The first and last birth instants whose surrounding jeol terms lie inside the ephemeris files. */
export const SAJU_RANGE = { from: '1800-01-06T00:00:00Z', to: '2399-12-07T00:00:00Z' } as const;
const RANGE_FROM_MS = Date.parse(SAJU_RANGE.from);
const RANGE_TO_MS = Date.parse(SAJU_RANGE.to);

export interface BirthMoment {
  /** The birth instant, ms since 1970 UTC. */
  instantMs: number;
  /** Local civil date and clock time as given. */
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  previousJeol: JeolTerm;
  nextJeol: JeolTerm;
}

/**
 * A birth's moment with its jeol terms. The local civil date and clock are the instant read at the
 * birth's UTC offset (the clock it was told on); the date and time were checked when the birth was built.
 */
export function birthMoment(birth: Pick<Birth, 'instant' | 'offsetSeconds'>, ephemerisPath: string): BirthMoment {
  const instantMs = birth.instant.getTime();
  if (instantMs < RANGE_FROM_MS || instantMs >= RANGE_TO_MS) {
    throw new EphemerisRangeError(
      `date: the birth instant must lie between ${SAJU_RANGE.from} and ${SAJU_RANGE.to} (the solar terms come from the ephemeris files of 1800–2399)`,
    );
  }
  const local = new Date(instantMs + birth.offsetSeconds * 1000);
  const { previous, next } = surroundingJeolTerms(instantMs, ephemerisPath);
  return {
    instantMs,
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    previousJeol: previous,
    nextJeol: next,
  };
}

/** Sexagenary day count of a civil date: (Julian day number + 49) mod 60, 0 = 甲子. */
export function dayCycleIndex(year: number, month: number, day: number): number {
  const julianDayNumber = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000) + 2440588;
  return mod(julianDayNumber + 49, 60);
}

export function fourPillars(birth: BirthMoment, convention: JaHourConvention, ephemerisPath: string): FourPillars {
  // Year: changes at the Ipchun instant; the sexagenary year Y is 甲子 when (Y − 4) ≡ 0 (mod 60).
  const civilYear = new Date(birth.instantMs).getUTCFullYear();
  const sexagenaryYear = birth.instantMs >= ipchunOf(civilYear, ephemerisPath).ms ? civilYear : civilYear - 1;
  const year = pillarAt(sexagenaryYear - 4);

  // Month: the solar month begun by the last jeol term; 寅 starts at 315°, each month 30° later.
  const monthOffset = mod(Math.round((birth.previousJeol.longitude - 315) / 30), 12); // 0 = 寅 month
  // The 寅 month's stem follows the year stem: 甲/己 → 丙, 乙/庚 → 戊, 丙/辛 → 庚, 丁/壬 → 壬, 戊/癸 → 甲.
  const month = pillarOf((year.stem.index % 5) * 2 + 2 + monthOffset, 2 + monthOffset);

  // Day: the civil date of the local clock; under the default convention 23:00 already counts as the next day.
  const lateJa = birth.hour === 23;
  const dayIndex = dayCycleIndex(birth.year, birth.month, birth.day);
  const day = pillarAt(lateJa && convention === 'next_day_at_23' ? dayIndex + 1 : dayIndex);

  // Hour: two-hour branches from the local clock (子 23:00–01:00); the stem follows the day stem
  // (甲/己 day → 甲子 hour), taking the next day's stem for 23:00–24:00 under both conventions.
  const hourBranch = Math.floor((birth.hour + 1) / 2) % 12;
  const hourDayStem = lateJa ? pillarAt(dayIndex + 1).stem.index : day.stem.index;
  const hour = pillarOf((hourDayStem % 5) * 2 + hourBranch, hourBranch);

  return { year, month, day, hour };
}
