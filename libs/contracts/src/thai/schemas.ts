import { z } from 'zod';
import { CalendarDate, calendarDateWithin } from '../shared/calendar-date';
import { BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
// Responses of real calls with the request examples below (test/thai-api.test.ts checks them).
import almanacExample from './examples/thai-almanac.json';
import auspiciousExample from './examples/thai-auspicious-timing.json';
import holyDaysExample from './examples/thai-holy-days.json';
import lunarDateExample from './examples/thai-lunar-date.json';
import mahaThaksaExample from './examples/thai-maha-thaksa.json';
import yamAtthakanExample from './examples/thai-yam-atthakan.json';

/**
 * Requests and responses of the `Thai Astrology` tag (conventions and sources: docs/thai.md).
 * Civil dates 1901-01-01 … 2199-12-31; lunar years 1901 … 2200 (a lunar year Y begins in
 * November or December of Y − 1).
 */
const FIRST_YEAR = 1901;
const LAST_YEAR = 2199;

const CivilDate = calendarDateWithin(`${FIRST_YEAR}-01-01`, `${LAST_YEAR}-12-31`);
/** A date range of 1–31 days, inclusive, named on end_date. */
function checkRange(v: { start_date: string; end_date: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
  else if (days > 31) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'the range must be at most 31 days' });
}
const CivilYear = z
  .number()
  .int('must be a whole number')
  .min(FIRST_YEAR, `must be at least ${FIRST_YEAR}`)
  .max(LAST_YEAR, `must be at most ${LAST_YEAR}`);
const Phase = z.enum(['waxing', 'waning']).describe('ข้างขึ้น (waxing) or ข้างแรม (waning)');
const YearType = z
  .enum(['normal', 'athikawan', 'athikamat'])
  .describe('ปกติมาส ปกติวาร (354 days), อธิกวาร (355: month 7 has 30 days), อธิกมาส (384: a second 8th month)');
const ThTextEn = z.object({ th: z.string(), en: z.string() });

export const ThaiLunarDate = z
  .object({
    date: z.string().describe('civil date (Gregorian)'),
    weekday: z.number().int().describe('0 Sunday … 6 Saturday'),
    lunar_year: z.number().int().describe('the lunar year: its month 1 begins in November or December of lunar_year − 1'),
    month: z.number().int().min(1).max(12),
    second_eighth: z.boolean().describe('true in the doubled 8th month (เดือน ๘/๘, แปดหลัง) of an Athikamat year'),
    month_label: z.string().describe('"1" … "12", or "8/8"'),
    phase: Phase,
    day: z.number().int().min(1).max(15).describe('day of the phase, 1–15'),
    days_in_month: z.union([z.literal(29), z.literal(30)]),
    year_type: YearType,
    year_type_source: z
      .enum(['published', 'extrapolated'])
      .describe("published: the Thai calendar's year table (1914–2157); extrapolated: outside it, an approximation"),
    buddhist_era: z.number().int().describe('พ.ศ.: civil year + 543'),
    chula_sakarat: z.number().int().describe('จ.ศ.: changes at เถลิงศก, taken as 16 April'),
    animal: z
      .object({ index: z.number().int().describe('0 Rat (ชวด) … 11 Pig (กุน)'), th: z.string(), en: z.string() })
      .describe('ปีนักษัตร; changes on waxing 1 of month 5'),
    text: ThTextEn.describe('the date as an almanac writes it, Thai digits in the Thai text'),
  })
  .meta({ id: 'ThaiLunarDate', example: lunarDateExample });

export const ThaiLunarDateRequest = z
  .object({ date: CivilDate.describe('civil date YYYY-MM-DD, 1901–2199') })
  .strict()
  .meta({ id: 'ThaiLunarDateRequest', example: { date: '2025-07-13' } });
export type ThaiLunarDateRequest = z.infer<typeof ThaiLunarDateRequest>;

export const ThaiCivilDateRequest = z
  .object({
    lunar_year: z
      .number()
      .int('must be a whole number')
      .min(FIRST_YEAR, `must be at least ${FIRST_YEAR}`)
      .max(LAST_YEAR + 1, `must be at most ${LAST_YEAR + 1}`),
    month: z.number().int('must be a whole number').min(1, 'must be 1–12').max(12, 'must be 1–12'),
    second_eighth: z.boolean().default(false).describe('the second 8th month (8/8); only in an Athikamat year'),
    phase: Phase,
    day: z.number().int('must be a whole number').min(1, 'must be 1–15').max(15, 'must be 1–15'),
  })
  .strict()
  .meta({ id: 'ThaiCivilDateRequest', example: { lunar_year: 2026, month: 8, second_eighth: true, phase: 'waxing', day: 15 } });
export type ThaiCivilDateRequest = z.infer<typeof ThaiCivilDateRequest>;

export const ThaiObservance = z
  .object({
    date: z.string(),
    kind: z.enum([
      'wan_phra',
      'makha_bucha',
      'visakha_bucha',
      'atthami_bucha',
      'asarnha_bucha',
      'khao_phansa',
      'ok_phansa',
      'loy_krathong',
      'songkran',
      'new_year',
    ]),
    name: ThTextEn,
    calendar: z.enum(['lunar', 'civil']),
  })
  .meta({ id: 'ThaiObservance' });

export const ThaiHolyDaysRequest = z
  .object({ year: CivilYear.describe('civil year 1901–2199') })
  .strict()
  .meta({ id: 'ThaiHolyDaysRequest', example: { year: 2025 } });
export type ThaiHolyDaysRequest = z.infer<typeof ThaiHolyDaysRequest>;

export const ThaiHolyDaysResponse = z
  .object({
    year: z.number().int(),
    lunar_year_type: YearType.describe('type of the lunar year whose festivals fall in this civil year'),
    year_type_source: z.enum(['published', 'extrapolated']),
    wan_phra: z.array(z.object({ date: z.string(), lunar: z.string().describe('e.g. ขึ้น ๑๕ ค่ำ เดือน ๓') })),
    festivals: z.array(ThaiObservance).describe('Buddhist festivals and the fixed civil days, in date order'),
  })
  .meta({ id: 'ThaiHolyDaysResponse', example: holyDaysExample });

const DayRule = z.object({
  rule: z
    .enum([
      'wan_thongchai',
      'dithi_thongchai',
      'wan_athibodi',
      'dithi_athibodi',
      'wan_ubat',
      'dithi_ubat',
      'wan_lokawinat',
      'dithi_lokawinat',
      'dithi_mahasun',
      'birth_kalakini',
      'birth_sri',
      'birth_det',
      'birth_montri',
    ])
    .describe(
      "wan_*: the weekday of the Chula Sakarat year's กาลโยค; dithi_*: its lunar day; dithi_mahasun: ดิถีมหาสูญ; birth_*: the person's Maha Thaksa days",
    ),
  name: ThTextEn,
  effect: z.enum(['good', 'bad']),
  points: z.number().describe("signed contribution to the score, after the activity's weight"),
  forbids: z.boolean().describe("a prohibition (ดิถีมหาสูญ, the person's กาลกิณี day): the verdict is avoid whatever else the day has"),
  reason: ThTextEn,
});
const DayVerdictFields = {
  score: z.number().int().min(0).max(100).describe('50 for an ordinary day; the rules add or take away points'),
  verdict: z.enum(['good', 'fair', 'avoid']).describe('good ≥ 65, avoid < 40 or any forbidding rule'),
  rules: z.array(DayRule).describe('every traditional rule that falls on this date'),
  summary: ThTextEn.describe('the verdict and its reasons, one sentence per rule'),
};
export const ThaiDayVerdict = z.object(DayVerdictFields).meta({ id: 'ThaiDayVerdict' });

export const ThaiAlmanacRequest = z
  .object({ year: CivilYear, month: z.number().int('must be a whole number').min(1, 'must be 1–12').max(12, 'must be 1–12') })
  .strict()
  .meta({ id: 'ThaiAlmanacRequest', example: { year: 2025, month: 2 } });
export type ThaiAlmanacRequest = z.infer<typeof ThaiAlmanacRequest>;

export const ThaiAlmanacResponse = z
  .object({
    year: z.number().int(),
    month: z.number().int(),
    days: z.array(
      ThaiLunarDate.extend({
        wan_phra: z.boolean(),
        observances: z.array(ThaiObservance),
        auspiciousness: ThaiDayVerdict.describe('day-level auspiciousness for auspicious undertakings in general (no activity, no birth)'),
      }),
    ),
  })
  .meta({ id: 'ThaiAlmanacResponse', example: almanacExample });

const Colour = z.object({ th: z.string(), en: z.string(), hex: z.string() });
export const MahaThaksaRequest = withBirthTimeZone(
  z
    .object({
      ...BirthSubjectFields,
      as_of: CivilDate.optional().describe('the date of the current planetary period (ดาวเสวยอายุ); today (UTC) when omitted'),
    })
    .strict(),
).meta({
  id: 'MahaThaksaRequest',
  example: { date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420, as_of: '2025-01-01' },
});
export type MahaThaksaRequest = z.infer<typeof MahaThaksaRequest>;

const ThaksaPeriod = z.object({ planet: z.string(), planet_name: ThTextEn, years: z.number().int(), start: z.string(), end: z.string() });
export const MahaThaksaResponse = z
  .object({
    birth_planet: z.enum(['sun', 'moon', 'mars', 'mercury', 'saturn', 'jupiter', 'rahu', 'venus']),
    birth_weekday_rule: z.string(),
    positions: z.array(
      z.object({
        position: z.enum(['boriwan', 'ayu', 'det', 'sri', 'mula', 'utsaha', 'montri', 'kalakini']),
        position_name: ThTextEn,
        meaning: ThTextEn,
        planet: z.string(),
        planet_name: ThTextEn,
        planet_number: z.number().int(),
        colour: Colour,
        letters: z.array(z.string()),
      }),
    ),
    lucky: z.object({
      colours: z.array(Colour.extend({ position: z.string() })).describe('the colours of เดช, ศรี and มนตรี'),
      letters: z.array(z.object({ position: z.string(), letters: z.array(z.string()) })),
    }),
    unlucky: z.object({ colour: Colour, letters: z.array(z.string()) }).describe('กาลกิณี: the colour and letters to avoid'),
    current_period: ThaksaPeriod.extend({ as_of: z.string() }),
    periods: z.array(ThaksaPeriod).describe('from birth to the current period'),
    svg: z.string().describe('the wheel as an SVG board'),
  })
  .meta({ id: 'MahaThaksaResponse', example: mahaThaksaExample });

/** A range of at most 31 days at a place with its clock (no birth time: the offset itself is required). */
const placeAndDays = {
  start_date: CivilDate,
  end_date: CivilDate.describe('at most 31 days from start_date, inclusive'),
  latitude: BirthSubjectFields.latitude,
  longitude: BirthSubjectFields.longitude,
  timezoneOffsetMinutes: z.number().min(-840, 'must be at least -840').max(840, 'must be at most 840'),
};

export const YamAtthakanRequest = z
  .object(placeAndDays)
  .strict()
  .superRefine(checkRange)
  .meta({
    id: 'YamAtthakanRequest',
    example: { start_date: '2025-07-10', end_date: '2025-07-11', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 },
  });
export type YamAtthakanRequest = z.infer<typeof YamAtthakanRequest>;

const Watch = z.object({
  part: z.enum(['day', 'night']),
  index: z.number().int().min(1).max(8),
  start: z.string().describe('local time with its offset'),
  end: z.string(),
  planet: z.object({ number: z.number().int(), th: z.string(), en: z.string() }),
  quality: z.enum(['good', 'bad']),
  reason: ThTextEn,
});
export const YamAtthakanResponse = z
  .object({
    days: z.array(
      z.object({
        date: z.string(),
        sunrise: z.string().nullable(),
        sunset: z.string().nullable(),
        watches: z.array(Watch).describe('eight day and eight night watches; empty on a polar day or night'),
        good_watches: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'YamAtthakanResponse', example: yamAtthakanExample });

const KalayokaEntry = z.object({
  weekday: z.number().int().min(0).max(6).describe('0 Sunday … 6 Saturday'),
  weekday_number: z.number().int().min(1).max(7).describe("the almanac's number, 1 Sunday … 7 Saturday"),
  yam: z.number().int().min(1).max(8),
  rerk: z.number().int().min(1).max(27).describe('lunar mansion (ฤกษ์)'),
  rasi: z.number().int().min(0).max(11).describe('sign, 0 Aries'),
  dithi: z.number().int().min(1).max(30).describe('lunar day: waxing n = n, waning n = 15 + n'),
});
const Kalayoka = z
  .object({
    chula_sakarat: z.number().int(),
    valid_from: z.string(),
    valid_to: z.string(),
    thongchai: KalayokaEntry,
    athibodi: KalayokaEntry,
    ubat: KalayokaEntry,
    lokawinat: KalayokaEntry,
  })
  .describe('กาลโยค of a Chula Sakarat year (16 April to 15 April)');

export const THAI_ACTIVITIES = ['wedding', 'moving_house', 'opening_business', 'travel', 'ordination'] as const;

export const ThaiAuspiciousTimingRequest = z
  .object({
    ...placeAndDays,
    activity: z
      .enum(THAI_ACTIVITIES)
      .optional()
      .describe('weighs the rules for the undertaking; omitted: auspicious undertakings in general'),
    birth: z
      .object({
        date: CalendarDate,
        time: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24 h)')
          .describe('local clock time of birth: Wednesday from 18:00 counts as Rahu'),
      })
      .strict()
      .optional()
      .describe("the person's birth date and local clock time, for their Maha Thaksa good and bad weekdays"),
  })
  .strict()
  .superRefine(checkRange)
  .meta({
    id: 'ThaiAuspiciousTimingRequest',
    example: {
      start_date: '2025-03-06',
      end_date: '2025-03-07',
      latitude: 13.75,
      longitude: 100.5,
      timezoneOffsetMinutes: 420,
      activity: 'opening_business',
      birth: { date: '1990-05-20', time: '08:00' },
    },
  });
export type ThaiAuspiciousTimingRequest = z.infer<typeof ThaiAuspiciousTimingRequest>;

export const ThaiAuspiciousTimingResponse = z
  .object({
    activity: z.enum(THAI_ACTIVITIES).nullable(),
    birth: z
      .object({
        birth_planet: z.enum(['sun', 'moon', 'mars', 'mercury', 'saturn', 'jupiter', 'rahu', 'venus']),
        birth_day: ThTextEn,
        kalakini: z.number().int().nullable().describe('weekday of the planet in กาลกิณี; null for Rahu (Wednesday night only)'),
        sri: z.number().int().nullable(),
        det: z.number().int().nullable(),
        montri: z.number().int().nullable(),
      })
      .nullable(),
    kalayoka: z.array(Kalayoka),
    days: z.array(
      z.object({
        date: z.string(),
        weekday: z.number().int(),
        lunar: z.object({ text: ThTextEn, month_label: z.string(), phase: Phase, day: z.number().int(), chula_sakarat: z.number().int() }),
        wan_phra: z.boolean(),
        ...DayVerdictFields,
        sunrise: z.string().nullable(),
        sunset: z.string().nullable(),
        watches: z.array(Watch).describe('ยามอัฐกาล: eight day and eight night watches; empty on a polar day or night'),
        good_watches: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ThaiAuspiciousTimingResponse', example: auspiciousExample });
