import { z } from 'zod';
import { Ayanamsa, BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
import { DST_RULE, SummerTimeBasis } from '../shared/summer-time';
import { CalendarDate } from '../shared/calendar-date';
import { JA_HOUR_CONVENTION } from '../shared/chart-options';

const ELEMENT = z.enum(['Wood', 'Fire', 'Earth', 'Metal', 'Water']);
const FOCUS = z.enum(['general', 'love', 'career', 'wealth']);
const GENDER = z.enum(['male', 'female', 'unknown']);
const luckYears = (fallback: number, side: string) =>
  z
    .number()
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(80, 'must be at most 80')
    .default(fallback)
    .describe(`civil years of annual luck ${side} the birth UTC year (0–80); with the other side at most 121 rows in all`);

export const SajuRequest = withBirthTimeZone(
  z
    .object({
      ...BirthSubjectFields,
      ayanamsa: Ayanamsa,
      dst: DST_RULE,
      locale: z
        .string()
        .min(2, 'must be 2 to 24 characters')
        .max(24, 'must be 2 to 24 characters')
        .default('en')
        .describe('language of reading_summary, e.g. ko, en, th, ko-KR; other languages get English'),
      focus: FOCUS.default('general').describe('what reading_summary concentrates on'),
      question: z
        .string()
        .min(1, 'must be 1 to 1000 characters')
        .max(1000, 'must be 1 to 1000 characters')
        .refine((q) => q.trim().length > 0, { message: 'must contain more than white space' })
        .optional()
        .describe('the question reading_summary answers; when omitted, a question about the focus'),
      gender: GENDER.default('unknown').describe(
        'direction of major luck; unknown or omitted means forward, flagged as the assumed default',
      ),
      annual_luck_years_before: luckYears(5, 'before'),
      annual_luck_years_after: luckYears(20, 'after'),
      reference_date: CalendarDate.optional().describe(
        "the day reading_summary speaks of (taken at 12:00 at the birth's UTC offset): its luck period and the sexagenary year in force then; default: the time of the request. annual_luck is unchanged (the window around the birth year).",
      ),
      ja_hour_convention: JA_HOUR_CONVENTION,
    })
    .strict(),
).meta({ id: 'SajuRequest' });
export type SajuRequest = z.infer<typeof SajuRequest>;

const Pillar = z.object({
  stem: z.string().describe('heavenly stem, Hanja, e.g. 庚'),
  branch: z.string().describe('earthly branch, Hanja, e.g. 午'),
  stem_en: z.string().describe('romanised stem, e.g. Geng'),
  branch_en: z.string().describe('romanised branch, e.g. Wu'),
  animal: z.string(),
  stem_element: ELEMENT,
  branch_element: ELEMENT,
});
const HiddenStem = z.object({ stem: z.string(), element: ELEMENT });
const HiddenStems = z.array(HiddenStem).describe('hidden stems of the branch, main qi first');
const TenGod = z.object({
  name: z.string().describe('English name, e.g. Direct Officer; Day Master for the day stem'),
  korean: z.string().describe('Hangul, e.g. 정관'),
  relation: z.string().describe('element and polarity relation to the day master'),
});
const LuckPillar = Pillar.extend({ hidden_stems: HiddenStems, stem_ten_god: TenGod });
const PillarName = z.enum(['year', 'month', 'day', 'hour']);

export const SajuReport = z
  .object({
    system: z.literal('korean_saju'),
    summer_time: SummerTimeBasis.describe('how summer time in the birth clock was handled'),
    pillars: z.object({ year: Pillar, month: Pillar, day: Pillar, hour: Pillar }),
    day_master: z.object({
      stem: z.string(),
      element: ELEMENT,
      polarity: z.enum(['Yang', 'Yin']),
      korean: z.string().describe('Hangul, e.g. 경금'),
      strength: z.enum(['strong', 'weak', 'balanced']),
    }),
    five_elements: z.object({
      counts: z
        .object({
          Wood: z.number().int(),
          Fire: z.number().int(),
          Earth: z.number().int(),
          Metal: z.number().int(),
          Water: z.number().int(),
        })
        .describe('over the eight visible characters (four stems, four branches); hidden stems are not counted'),
      balance: z.object({ strongest: z.array(ELEMENT), missing: z.array(ELEMENT), favorable: ELEMENT }),
    }),
    hidden_stems: z.object({ year: HiddenStems, month: HiddenStems, day: HiddenStems, hour: HiddenStems }),
    branch_interactions: z.array(
      z.object({
        type: z.enum(['clash', 'six_combination', 'three_harmony', 'punishment', 'harm', 'destruction']),
        korean: z.string(),
        branches: z.array(z.string()),
        pillars: z.array(PillarName),
        description: z.string(),
      }),
    ),
    ten_gods: z.object({ year_stem: TenGod, month_stem: TenGod, day_stem: TenGod, hour_stem: TenGod }),
    major_luck: z.object({
      direction: z.enum(['forward', 'backward']),
      direction_korean: z.string(),
      gender_input: GENDER,
      direction_assumed_default: z.boolean(),
      approximate_timescale_note: z.string(),
      periods: z.array(
        LuckPillar.extend({
          index: z.number().int(),
          approximate_start_utc: z.iso.datetime(),
          approximate_end_utc_exclusive: z.iso.datetime(),
        }),
      ),
    }),
    annual_luck: z.object({
      anchor_civil_year_utc: z.number().int(),
      years_before: z.number().int(),
      years_after: z.number().int(),
      approximate_calendar_note: z.string(),
      years: z.array(LuckPillar.extend({ civil_year: z.number().int() })).max(121),
    }),
    focus: FOCUS,
    question: z.string().min(1),
    reading_summary: z.string(),
    reading_as_of: z
      .object({
        date: z.iso.date().describe("the day the reading speaks of, at the birth's UTC offset"),
        source: z.enum(['request_time', 'reference_date']),
        major_luck_index: z
          .number()
          .int()
          .nullable()
          .describe('index of the major-luck period containing that moment; null before the first period or after the tenth'),
        annual_civil_year: z.number().int().describe('civil year whose Ipchun began the sexagenary year in force at that moment'),
        annual_pillar: z.string().describe("that year's pillar, stem and branch in Hanja, e.g. 丙午"),
      })
      .strict()
      .describe('the moment reading_summary is anchored to: the luck period and annual pillar it describes'),
  })
  .strict()
  .meta({ id: 'SajuReport' });
export type SajuReport = z.infer<typeof SajuReport>;
