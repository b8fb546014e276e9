import { z } from 'zod';
import { ZODIAC_SIGNS } from '@astro/ephemeris';
import { IsoInstant } from './instants';

// The signs belong to the ephemeris (the bottom layer); contracts re-export them for the schemas' users.
export { ZODIAC_SIGNS };

export const PlanetsQuery = z.object({ dt: IsoInstant.describe('the UTC moment, ISO 8601, e.g. 2024-03-20T12:00:00Z') }).strict();

export const PlanetPosition = z
  .object({
    name: z.string().meta({ example: 'Sun' }),
    longitude: z.number().describe('ecliptic longitude of date, degrees 0..360, tropical'),
    latitude: z.number().describe('ecliptic latitude, degrees'),
    distance_au: z.number().describe('geocentric distance, astronomical units'),
    speed: z.number().describe('longitude speed, degrees per day'),
    retrograde: z.boolean(),
    sign: z.enum(ZODIAC_SIGNS),
    sign_degree: z.number().describe('degrees within the sign, 0..30'),
  })
  .meta({ id: 'PlanetPosition' });

/** The moment positions are computed for: the UTC instant and its Julian day (UT). */
export const MOMENT_FIELDS = { instant_utc: z.string(), julian_day_ut: z.number() };

export const PlanetsResponse = z
  .object({
    ...MOMENT_FIELDS,
    zodiac: z.literal('tropical'),
    planets: z.array(PlanetPosition),
  })
  .meta({ id: 'Planets' });
export type PlanetsResponse = z.infer<typeof PlanetsResponse>;
