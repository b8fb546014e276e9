import { assertSupportedInstant, instantFromLocal } from '@astro/ephemeris';

/** Midnight of a local date at a clock offset (seconds east), inside the ephemeris (else the 400 naming the field). */
export function localMidnight(date: string, offsetSeconds: number, field: string): Date {
  return assertSupportedInstant(instantFromLocal(date, '00:00', offsetSeconds), field);
}
