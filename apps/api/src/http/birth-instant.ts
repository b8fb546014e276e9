import { assertSupportedInstant, EphemerisRangeError, instantFromLocal } from '@astro/ephemeris';
import { badRequest } from './api-error';

/**
 * The UTC instant of a birth subject, checked against the ephemeris range; a 400 names the field
 * by its path in the body (e.g. `person_a.date`).
 */
export function birthInstant(subject: { date: string; time: string; timezoneOffsetMinutes: number }, path: string): Date {
  try {
    const instant = instantFromLocal(subject.date, subject.time, subject.timezoneOffsetMinutes);
    assertSupportedInstant(instant, `${path}.date`);
    return instant;
  } catch (err) {
    if (err instanceof EphemerisRangeError) {
      throw badRequest(err.message.startsWith(path) ? err.message : `${path}.${err.message}`);
    }
    throw err;
  }
}
