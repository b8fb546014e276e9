import { z } from 'zod';
import { ZODIAC_SIGNS } from '@astro/ephemeris';

// Schemas and the example birth that both Vedic contract files use (internal: not exported from
// the library's index, so they add no public name).
export const Sign = z.enum(ZODIAC_SIGNS);
export const Graha = z.enum(['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn']);
export const DashaLord = z.enum(['Ketu', 'Venus', 'Sun', 'Moon', 'Mars', 'Rahu', 'Jupiter', 'Saturn', 'Mercury']);

export const EXAMPLE_BIRTH = {
  date: '1990-05-15',
  time: '14:30',
  latitude: 28.6139,
  longitude: 77.209,
  timezoneOffsetMinutes: 330,
  ayanamsa: 'lahiri',
};
