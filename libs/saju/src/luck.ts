import { Stem } from './cycle';
import { BirthMoment, Pillar, pillarAt } from './pillars';

export const GENDERS = ['male', 'female', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];
export type LuckDirection = 'forward' | 'backward';

const MS_PER_DAY = 86_400_000;
/** Mean Gregorian year: the unit of the start age and of the ten-year periods. */
export const MEAN_YEAR_MS = 365.2425 * MS_PER_DAY;
export const MAJOR_LUCK_PERIODS = 10;

export const TIMESCALE_NOTE =
  'Start = birth instant + (time to the next jeol term when forward, or since the previous jeol term when backward) ÷ 3 days, counted in years; each period lasts ten years. ' +
  "Jeol terms are the Sun's tropical ingress instants from the Swiss Ephemeris in UT (within a second of UTC); years are mean Gregorian years of 365.2425 days of 86,400 SI seconds, leap seconds ignored. " +
  'Traditional reckonings count whole calendar years, months and days (and some round the start age), so these instants are approximate to a few weeks.';

/**
 * Forward for a male with a Yang year stem or a female with a Yin one, backward otherwise; an
 * unknown or missing gender is forward and flagged as the assumed default.
 */
export function luckDirection(gender: Gender, yearStem: Stem): { direction: LuckDirection; assumedDefault: boolean } {
  if (gender === 'unknown') return { direction: 'forward', assumedDefault: true };
  const yang = yearStem.polarity === 'Yang';
  const forward = gender === 'male' ? yang : !yang;
  return { direction: forward ? 'forward' : 'backward', assumedDefault: false };
}

export interface MajorLuckPeriod {
  index: number;
  pillar: Pillar;
  startMs: number;
  endMsExclusive: number;
}

/** Start of the first period, in years after birth: three days to the jeol term make one year. */
export function majorLuckStartYears(birth: BirthMoment, direction: LuckDirection): number {
  const distanceMs = direction === 'forward' ? birth.nextJeol.ms - birth.instantMs : birth.instantMs - birth.previousJeol.ms;
  return distanceMs / (3 * MS_PER_DAY);
}

/** Ten-year periods stepping from the month pillar along the sixty-pair cycle. */
export function majorLuckPeriods(birth: BirthMoment, month: Pillar, direction: LuckDirection): MajorLuckPeriod[] {
  const firstStartMs = birth.instantMs + majorLuckStartYears(birth, direction) * MEAN_YEAR_MS;
  const step = direction === 'forward' ? 1 : -1;
  return Array.from({ length: MAJOR_LUCK_PERIODS }, (_, i) => {
    const startMs = firstStartMs + i * 10 * MEAN_YEAR_MS;
    return { index: i + 1, pillar: pillarAt(month.cycleIndex + step * (i + 1)), startMs, endMsExclusive: startMs + 10 * MEAN_YEAR_MS };
  });
}

export const ANNUAL_LUCK_MAX_ROWS = 121;

/**
 * Years before and after the anchor actually listed. When the two asked for exceed 121 rows
 * (anchor included), the larger side is shortened one year at a time (the earlier side on a tie),
 * so 80 + 80 becomes 60 + 60.
 */
export function annualLuckWindow(before: number, after: number): { before: number; after: number; capped: boolean } {
  let [b, a] = [before, after];
  while (b + a + 1 > ANNUAL_LUCK_MAX_ROWS) {
    if (b >= a) b -= 1;
    else a -= 1;
  }
  return { before: b, after: a, capped: b !== before || a !== after };
}

/** The sexagenary year that begins at Ipchun of a civil year (甲子 when Y − 4 ≡ 0 mod 60). */
export const yearPillarOfCivilYear = (civilYear: number): Pillar => pillarAt(civilYear - 4);
