import { EphemerisRangeError } from './errors';

/**
 * The range of the shipped ephemeris files (sepl_18, semo_18, seas_18). The planet file's first
 * record starts at 1800-01-01 05:45 UT, so the range opens at 06:00 that day.
 */
export const SUPPORTED_RANGE = { from: '1800-01-01T06:00:00Z', to: '2399-12-31T23:59:59Z' } as const;
const RANGE_START_MS = Date.parse(SUPPORTED_RANGE.from);
const RANGE_END_MS = Date.parse(SUPPORTED_RANGE.to);

const UNIX_EPOCH_JD = 2440587.5;
const MS_PER_DAY = 86_400_000;

/** Julian day (UT) of a JavaScript instant; exact for the proleptic Gregorian calendar used here. */
export function julianDayUt(instant: Date): number {
  return instant.getTime() / MS_PER_DAY + UNIX_EPOCH_JD;
}

/**
 * The one range rule: an instant outside the ephemeris files is an EphemerisRangeError naming the
 * field, which the API answers 400 (apps/api/src/http/error-response.ts) and a worker activity
 * fails for good. Every route and library checks its instants with this function.
 */
export function assertSupportedInstant(instant: Date, field = 'dt'): Date {
  const t = instant.getTime();
  if (Number.isNaN(t)) throw new EphemerisRangeError(`${field}: not a valid instant`);
  if (t < RANGE_START_MS || t > RANGE_END_MS) {
    const rule = `must be between ${SUPPORTED_RANGE.from} and ${SUPPORTED_RANGE.to}, the range of the ephemeris files`;
    throw new EphemerisRangeError(`${field}: ${rule}`, rule);
  }
  return instant;
}

export function instantFromJulianDayUt(jdUt: number): Date {
  return new Date(Math.round((jdUt - UNIX_EPOCH_JD) * MS_PER_DAY));
}

/**
 * The UTC instant of a civil date and clock time at a fixed offset from UTC (seconds east, so a
 * local mean time such as +06:35:56 is exact): `1981-09-13`, `01:30` or `01:30:15`, +19800.
 */
export function instantFromLocal(date: string, time: string, offsetSeconds: number): Date {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d) throw new EphemerisRangeError('date: must be a calendar date YYYY-MM-DD');
  if (!t) throw new EphemerisRangeError('time: must be HH:MM or HH:MM:SS');
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (year < 100) throw new EphemerisRangeError('date: years before 100 are not supported'); // Date.UTC maps them to 19xx
  if (hour > 23 || minute > 59 || second > 59) throw new EphemerisRangeError(`time: ${time} is not a clock time`);
  const utcMs = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utcMs);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new EphemerisRangeError(`date: ${date} is not a calendar date`);
  }
  return new Date(utcMs - offsetSeconds * 1000);
}

/** Calendar date (YYYY-MM-DD) of an instant at a fixed offset from UTC (seconds east). */
export function localDate(instant: Date, offsetSeconds: number): string {
  return new Date(instant.getTime() + offsetSeconds * 1000).toISOString().slice(0, 10);
}
