import { z } from 'zod';
import { CalendarDate } from '../shared/calendar-date';
import numerologyCompatibilityExample from './examples/numerology-compatibility.json';
import numerologyProfileExample from './examples/numerology-profile.json';

const DATE = CalendarDate;

const FULL_NAME = z
  .string()
  .min(1, 'must be 1 to 200 characters')
  .max(200, 'must be 1 to 200 characters')
  .describe(
    'the full birth name in Latin letters (accents are ignored); a Thai-script name is a 400 that says to write it in Latin letters (RTGS)',
  );

export const NumerologyProfileRequest = z
  .object({
    full_name: FULL_NAME,
    birth_date: DATE.describe('date of birth, YYYY-MM-DD'),
    date: DATE.optional().describe('the day of the personal year, month and day; default today (UTC)'),
  })
  .strict()
  .meta({ id: 'NumerologyProfileRequest', example: { full_name: 'John Smith', birth_date: '1936-10-12', date: '2026-11-23' } });
export type NumerologyProfileRequest = z.infer<typeof NumerologyProfileRequest>;

const Localized = z.object({ en: z.string(), th: z.string() });
const NumerologyNumber = z
  .object({
    value: z.number().int(),
    master: z.boolean().describe('11, 22 or 33, kept unreduced'),
    steps: z.array(z.string()).describe('the reduction step by step, e.g. "1+9+8+4 = 22"'),
    meaning: Localized,
  })
  .meta({ id: 'NumerologyNumber' });

export const NumerologyProfile = z
  .object({
    system: z.literal('pythagorean'),
    full_name: z.string(),
    birth_date: z.string(),
    date: z.string(),
    life_path: NumerologyNumber,
    expression: NumerologyNumber,
    soul_urge: NumerologyNumber,
    personality: NumerologyNumber,
    birthday: NumerologyNumber,
    maturity: NumerologyNumber,
    personal_year: NumerologyNumber,
    personal_month: NumerologyNumber,
    personal_day: NumerologyNumber,
    karmic_debts: z.array(z.object({ number: z.number().int(), found_in: z.array(z.string()), meaning: Localized })),
    karmic_lessons: z.array(z.object({ number: z.number().int(), meaning: Localized })),
  })
  .meta({ id: 'NumerologyProfile', example: numerologyProfileExample });
export type NumerologyProfile = z.infer<typeof NumerologyProfile>;

const Person = z.object({ full_name: FULL_NAME, birth_date: DATE.describe('date of birth, YYYY-MM-DD') }).strict();

export const NumerologyCompatibilityRequest = z
  .object({ person_a: Person, person_b: Person })
  .strict()
  .meta({
    id: 'NumerologyCompatibilityRequest',
    example: {
      person_a: { full_name: 'John Smith', birth_date: '1936-10-12' },
      person_b: { full_name: 'Anna Torres', birth_date: '1990-05-14' },
    },
  });
export type NumerologyCompatibilityRequest = z.infer<typeof NumerologyCompatibilityRequest>;

export const NumerologyCompatibility = z
  .object({
    person_a: z.object({ full_name: z.string(), life_path: NumerologyNumber, expression: NumerologyNumber }),
    person_b: z.object({ full_name: z.string(), life_path: NumerologyNumber, expression: NumerologyNumber }),
    life_path_compatibility: z.object({
      level: z.enum(['same', 'natural', 'compatible', 'challenging']),
      score: z.number().int().min(0).max(100),
      reasons: z.array(Localized),
    }),
  })
  .meta({ id: 'NumerologyCompatibility', example: numerologyCompatibilityExample });
export type NumerologyCompatibility = z.infer<typeof NumerologyCompatibility>;
