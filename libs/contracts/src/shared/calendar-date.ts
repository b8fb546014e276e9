import { z } from 'zod';

/** Whether YYYY-MM-DD names a day that exists (2025-02-30 and 2024-13-45 do not): a round trip through Date.UTC. */
export function isRealDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year, month - 1, day); // Date.UTC reads years 0–99 as 1900–1999
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real calendar date YYYY-MM-DD, the one date field every tag shares. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a calendar date YYYY-MM-DD')
  .refine(isRealDate, 'must be a real calendar date');

/** A real calendar date inside [first, last] (both YYYY-MM-DD), e.g. the years an ephemeris or almanac covers. */
export function calendarDateWithin(first: string, last: string, why = '') {
  return CalendarDate.refine((d) => d >= first && d <= last, `must be within ${first} … ${last}${why ? ` (${why})` : ''}`);
}

const INSTANT = z.iso.datetime({ offset: true });

/**
 * A real calendar date YYYY-MM-DD (UTC midnight) or a real ISO 8601 instant with Z or an offset:
 * the bounds of a reporting period. Both forms are checked for a day and a time that exist.
 */
export const DateOrInstant = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'must be a date YYYY-MM-DD (UTC midnight) or an ISO 8601 instant with offset',
  )
  .refine((value) => (value.length === 10 ? isRealDate(value) : INSTANT.safeParse(value).success), 'must be a real date and time');
