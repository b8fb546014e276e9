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

export function assertSupportedInstant(instant: Date, field = 'dt'): void {
  const t = instant.getTime();
  if (Number.isNaN(t)) throw new EphemerisRangeError(`${field}: not a valid instant`);
  if (t < RANGE_START_MS || t > RANGE_END_MS) {
    throw new EphemerisRangeError(
      `${field}: must be between ${SUPPORTED_RANGE.from} and ${SUPPORTED_RANGE.to}, the range of the ephemeris files`,
    );
  }
}
