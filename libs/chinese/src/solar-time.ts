import { equationOfTimeMinutes } from '@astro/ephemeris';
import { atClock, BirthMoment } from '@astro/saju';

const MS_PER_MINUTE = 60_000;
const UNIX_EPOCH_JD = 2440587.5;

export interface SolarTime {
  /** Local apparent solar time as a civil date and clock time, e.g. 2024-03-20 11:52. */
  date: string;
  time: string;
  /** Longitude correction (4 minutes per degree east of Greenwich) and the equation of time, minutes. */
  longitude_correction_minutes: number;
  equation_of_time_minutes: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Local apparent (true) solar time of an instant at a longitude: UT + longitude × 4 min + the
 * equation of time (apparent minus mean solar time, from the Swiss Ephemeris' swe_time_equ).
 */
export function apparentSolarTime(instantMs: number, longitude: number, ephemerisPath: string): { ms: number; view: SolarTime } {
  const longitudeMinutes = longitude * 4;
  const equation = equationOfTimeMinutes(instantMs / 86_400_000 + UNIX_EPOCH_JD, ephemerisPath);
  const ms = instantMs + (longitudeMinutes + equation) * MS_PER_MINUTE;
  const d = new Date(ms);
  return {
    ms,
    view: {
      date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
      time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
      longitude_correction_minutes: Math.round(longitudeMinutes * 100) / 100,
      equation_of_time_minutes: Math.round(equation * 100) / 100,
    },
  };
}

/**
 * The birth moment whose civil date and clock (the day and hour pillars read them) are local
 * apparent solar time; the instant, and so the year and month pillars, are unchanged.
 */
export function withSolarClock(birth: BirthMoment, solarMs: number): BirthMoment {
  return atClock(birth, solarMs);
}
