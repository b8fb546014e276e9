import { z } from 'zod';

/** Whether YYYY-MM-DD names a day that exists (2025-02-30 and 2024-13-45 do not): a round trip through Date.UTC. */
function isRealDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
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
