import { z } from 'zod';
import uranianChartExample from './examples/uranian-chart.json';
import { BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';

/** The factors of a Hamburg School chart, in the order the chart lists them (libs/uranian). */
export const URANIAN_FACTORS = [
  'AR',
  'MC',
  'AS',
  'SU',
  'MO',
  'NO',
  'ME',
  'VE',
  'MA',
  'JU',
  'SA',
  'UR',
  'NE',
  'PL',
  'CU',
  'HA',
  'ZE',
  'KR',
  'AP',
  'AD',
  'VU',
  'PO',
] as const;
const FactorEnum = z.enum(URANIAN_FACTORS);

const EXAMPLE_SUBJECT = { date: '1990-05-14', time: '10:15', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };

const chartFields = {
  ...BirthSubjectFields,
  orb_degrees: z
    .number()
    .min(0.05, 'must be at least 0.05')
    .max(5, 'must be at most 5')
    .default(1.5)
    .describe('orb on the 90° dial for midpoint trees and planetary pictures, in degrees (default 1.5 = 1°30′)'),
  factors: z
    .array(FactorEnum)
    .min(3, 'must name at least 3 factors')
    .optional()
    .describe(
      'the factors of the midpoint sort, trees and pictures; default all 22 (AR Aries point, MC, AS, SU, MO, NO node, ME … PL, CU … PO)',
    ),
};

export const UranianChartRequest = withBirthTimeZone(
  z
    .object({
      ...chartFields,
      max_pictures: z
        .number()
        .int('must be a whole number')
        .min(0, 'must be at least 0')
        .max(1000, 'must be at most 1000')
        .default(100)
        .describe('the closest planetary pictures listed'),
    })
    .strict(),
).meta({ id: 'UranianChartRequest', example: { ...EXAMPLE_SUBJECT, orb_degrees: 1.5, max_pictures: 10 } });
export type UranianChartRequest = z.infer<typeof UranianChartRequest>;

const Localized = z.object({ en: z.string(), th: z.string() });

export const UranianChart = z
  .object({
    system: z.literal('hamburg_school'),
    julian_day_ut: z.number(),
    orb_degrees: z.number(),
    factors: z.array(
      z.object({
        factor: FactorEnum,
        name: z.string(),
        longitude: z.number().describe('tropical ecliptic longitude, degrees'),
        dial_position: z.number().describe('position on the 90° dial (longitude modulo 90)'),
        speed: z.number().nullable().describe('degrees per day; null for AR, MC and AS'),
      }),
    ),
    midpoint_sort: z
      .array(z.object({ label: z.string(), kind: z.enum(['factor', 'midpoint']), dial_position: z.number() }))
      .describe('factors and all midpoints ordered on the 90° dial'),
    midpoint_trees: z.array(
      z.object({ factor: FactorEnum, dial_position: z.number(), midpoints: z.array(z.object({ label: z.string(), orb: z.number() })) }),
    ),
    planetary_pictures_found: z.number().int(),
    planetary_pictures: z.array(
      z.object({
        formula: z.string().describe('A + B − C = D'),
        a: FactorEnum,
        b: FactorEnum,
        c: FactorEnum,
        d: FactorEnum,
        orb: z.number().describe('distance of the sensitive point A + B − C from D on the dial, degrees'),
        meaning: Localized,
      }),
    ),
  })
  .meta({ id: 'UranianChart', example: uranianChartExample });
export type UranianChart = z.infer<typeof UranianChart>;

export const UranianDialRequest = withBirthTimeZone(
  z
    .object({
      ...BirthSubjectFields,
      factors: chartFields.factors,
      pointer: z
        .number()
        .min(0, 'must be at least 0')
        .lt(90, 'must be less than 90')
        .optional()
        .describe('pointer position on the dial, degrees 0–90'),
    })
    .strict(),
).meta({ id: 'UranianDialRequest', example: { ...EXAMPLE_SUBJECT, pointer: 12.5 } });
export type UranianDialRequest = z.infer<typeof UranianDialRequest>;
