import { z } from 'zod';
import { CalendarDate } from '../shared/calendar-date';
import { BirthSubject } from '../shared/birth-subject';
import { HouseSystemField } from '../shared/chart-options';
import { Sign } from './chart-parts';
// The response of a real call with the request example below (test/western-api.test.ts checks it).
import transitsExample from './examples/western-transits.json';

// ---- POST /api/v3/western/transits ----

export const TRANSIT_BODIES = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export const TRANSIT_ASPECT_NAMES = ['conjunction', 'opposition', 'square', 'trine', 'sextile'] as const;
export const NATAL_POINTS = [...TRANSIT_BODIES, 'North Node', 'Chiron', 'Ascendant', 'Midheaven'] as const;
export const MAX_TRANSIT_SEARCH_DAYS = 366;
export const MAX_MOON_TRANSIT_DAYS = 31;
const Orb = z.number().gt(0, 'must be greater than 0').max(10, 'must be at most 10');

export const TransitsRequest = z
  .object({
    birth_subject: BirthSubject,
    start_date: CalendarDate.describe('first day of the window (local days at the birth offset)'),
    end_date: CalendarDate.describe(`last day of the window, inclusive; at most ${MAX_TRANSIT_SEARCH_DAYS} days in all`),
    bodies: z
      .array(z.enum(TRANSIT_BODIES))
      .min(1)
      .max(10)
      .optional()
      .describe(
        `transiting bodies; default Sun to Pluto without the Moon; the Moon only for windows of at most ${MAX_MOON_TRANSIT_DAYS} days`,
      ),
    aspects: z.array(z.enum(TRANSIT_ASPECT_NAMES)).min(1).max(5).optional().describe('default all five'),
    orbs: z
      .object({ conjunction: Orb, opposition: Orb, square: Orb, trine: Orb, sextile: Orb })
      .partial()
      .strict()
      .optional()
      .describe('orb per aspect in degrees (default 1°): the window of `enters_orb_utc` and `leaves_orb_utc`'),
    natal_points: z.array(z.enum(NATAL_POINTS)).min(1).max(14).optional().describe('default all fourteen'),
    house_system: HouseSystemField,
  })
  .strict()
  .superRefine((body, ctx) => {
    const days = (Date.parse(body.end_date) - Date.parse(body.start_date)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
    if (days > MAX_TRANSIT_SEARCH_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `must be at most ${MAX_TRANSIT_SEARCH_DAYS} days from start_date, both included`,
      });
    if (body.bodies?.includes('Moon') && days > MAX_MOON_TRANSIT_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['bodies'],
        message: `Moon: only for windows of at most ${MAX_MOON_TRANSIT_DAYS} days (this one has ${days})`,
      });
    }
  })
  .meta({
    id: 'TransitsRequest',
    example: {
      birth_subject: { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' },
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      bodies: ['Sun', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'],
    },
  });

const Station = z.object({ body: z.string(), kind: z.enum(['retrograde', 'direct']), utc: z.string(), longitude: z.number(), sign: Sign });
const Ingress = z.object({ body: z.string(), sign: Sign, utc: z.string(), longitude: z.number(), retrograde: z.boolean() });

export const TransitsResponse = z
  .object({
    system: z.literal('western'),
    window: z.object({ from_utc: z.string(), to_utc: z.string() }),
    bodies: z.array(z.string()),
    aspects: z.array(z.string()),
    orbs: z.object({ conjunction: z.number(), opposition: z.number(), square: z.number(), trine: z.number(), sextile: z.number() }),
    natal_points: z.array(z.object({ name: z.string(), longitude: z.number(), sign: Sign })),
    transits: z.array(
      z.object({
        transiting: z.string(),
        aspect: z.enum(TRANSIT_ASPECT_NAMES),
        natal_point: z.string(),
        target_longitude: z.number().describe('natal point ± aspect angle: where the transiting body perfects'),
        orb: z.number(),
        enters_orb_utc: z.string().nullable().describe('null: already within orb when the window opens'),
        leaves_orb_utc: z.string().nullable().describe('null: still within orb when the window closes'),
        perfections: z
          .array(z.object({ utc: z.string(), retrograde: z.boolean() }))
          .min(1)
          .describe('every exact pass in the window: three for a retrograde loop'),
      }),
    ),
    stations: z.array(Station),
    ingresses: z.array(Ingress),
  })
  .meta({ id: 'Transits', example: transitsExample });
