import { instantFromLocal, SUPPORTED_RANGE } from '@astro/ephemeris';
import { badRequest } from '../http/api-error';

const RANGE_START_MS = Date.parse(SUPPORTED_RANGE.from);
const RANGE_END_MS = Date.parse(SUPPORTED_RANGE.to);

/** An instant inside the ephemeris's range, else the 400 naming the field. */
export function inRange(instant: Date, field: string, prefix = 'invalid body: '): Date {
  const t = instant.getTime();
  if (!(t >= RANGE_START_MS && t <= RANGE_END_MS)) {
    throw badRequest(
      `${prefix}${field}: must be between ${SUPPORTED_RANGE.from} and ${SUPPORTED_RANGE.to}, the range of the ephemeris files`,
    );
  }
  return instant;
}

/** Midnight of a local date at a clock offset, inside the ephemeris. */
export function localMidnight(date: string, offsetMinutes: number, field: string): Date {
  return inRange(instantFromLocal(date, '00:00', offsetMinutes), field);
}
