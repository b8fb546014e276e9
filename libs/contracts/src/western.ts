import { z } from 'zod';
import { BirthSubject } from './birth-subject';
import { IsoInstant, ZODIAC_SIGNS } from './planets';
import { Audience, SafetyMode, Tone } from './voice';

export const HouseSystemField = z.enum(['P', 'W', 'K', 'E']).default('P').describe('P Placidus, W whole sign, K Koch, E equal');
const Latitude = z.number().min(-90, 'must be at least -90').max(90, 'must be at most 90');
const Longitude = z.number().min(-180, 'must be at least -180').max(180, 'must be at most 180');
const Sign = z.enum(ZODIAC_SIGNS);

export const NatalChartRequest = z
  .object({
    birth_datetime: IsoInstant.describe('birth instant, ISO 8601 with offset, e.g. 1990-05-04T14:30:00+07:00'),
    latitude: Latitude,
    longitude: Longitude,
    house_system: HouseSystemField,
    interpret: z.boolean().default(false),
    language: z.string().min(2).max(24).default('en').describe('en or th; others fall back to English with a warning'),
    brand_name: z.string().min(1).max(60).optional(),
    tone: Tone.default('professional'),
    audience: Audience.default('consumer'),
    safety_mode: SafetyMode.default('default'),
  })
  .strict();

const AspectRecord = z.object({
  a: z.string(),
  b: z.string(),
  type: z.enum(['conjunction', 'opposition', 'square', 'trine', 'sextile', 'quincunx', 'semi_sextile']),
  exact_angle: z.number(),
  orb: z.number(),
  applying: z.boolean(),
});

const HouseCusp = z.object({ house: z.number().int().min(1).max(12), cusp: z.number(), sign: Sign });

export const NatalChartResponse = z
  .object({
    system: z.literal('western'),
    zodiac: z.literal('tropical'),
    house_system: z.string().describe('the system used: the one asked for, or O (Porphyry) where Placidus/Koch are undefined'),
    instant_utc: z.string(),
    julian_day_ut: z.number(),
    chart: z.object({
      planets: z.array(
        z.object({
          name: z.string(),
          longitude: z.number(),
          latitude: z.number(),
          distance_au: z.number(),
          speed: z.number(),
          retrograde: z.boolean(),
          sign: Sign,
          sign_degree: z.number(),
          house: z.number().int().min(1).max(12),
        }),
      ),
      houses: z.array(HouseCusp).length(12),
      angles: z.object({ ascendant: z.number(), midheaven: z.number(), descendant: z.number(), imum_coeli: z.number(), vertex: z.number() }),
      aspects: z.array(AspectRecord),
      elements: z.object({ fire: z.number().int(), earth: z.number().int(), air: z.number().int(), water: z.number().int() }),
      modalities: z.object({ cardinal: z.number().int(), fixed: z.number().int(), mutable: z.number().int() }),
    }),
    interpretation: z
      .object({
        language: z.string(),
        brand_name: z.string().nullable(),
        voice: z.object({ tone: Tone, audience: Audience, safety_mode: SafetyMode }),
        summary: z.string(),
        sections: z.array(z.object({ topic: z.string(), title: z.string(), text: z.string() })),
        disclaimer: z.string(),
      })
      .nullable(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'NatalChart' });

export const CompositeChartRequest = z
  .object({
    person_a: BirthSubject,
    person_b: BirthSubject,
    house_system: HouseSystemField,
    locale: z.string().min(2).max(24).default('en').describe('labels language: en or th; others fall back to English'),
  })
  .strict();

const NameMap = z.record(z.string(), z.string());

export const CompositeChartResponse = z
  .object({
    system: z.literal('western'),
    locale: z.string(),
    labels: z.object({ signs: NameMap, planets: NameMap, aspects: NameMap, houses: NameMap, elements: NameMap, modalities: NameMap }),
    house_system: z.string(),
    chart: z.object({
      method: z.string(),
      planets: z.array(z.object({ name: z.string(), longitude: z.number(), sign: Sign, sign_degree: z.number(), house: z.number().int() })),
      houses: z.array(HouseCusp).length(12),
      angles: z.object({ ascendant: z.number(), midheaven: z.number(), descendant: z.number(), imum_coeli: z.number(), vertex: z.number() }),
      aspects: z.array(AspectRecord),
      house_system_used: z.string(),
      warnings: z.array(z.string()),
    }),
    cross_aspects: z.array(AspectRecord).describe('person A body (a) to person B body (b)'),
    days: z.array(
      z.object({
        date: z.string(),
        transits: z.array(
          z.object({
            transiting: z.string(),
            aspect: z.string(),
            composite_point: z.string(),
            orb: z.number(),
            exact_utc: z.string().nullable(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'CompositeChart' });
