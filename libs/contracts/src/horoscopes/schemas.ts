import { z } from 'zod';
import { calendarDateWithin } from '../shared/calendar-date';
import { BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
import { ZODIAC_SIGNS } from '@astro/ephemeris';
import { SafetyMode, Tone } from '../shared/voice';

export const HOROSCOPE_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
const SIGN_SLUGS = ZODIAC_SIGNS.map((s) => s.toLowerCase()) as [string, ...string[]];

const DAY = calendarDateWithin('1801-01-01', '2398-12-31', 'the ephemeris files');

const voiceFields = {
  locale: z.enum(['en', 'th']).default('en'),
  tone: Tone.default('professional').describe('the voice of the opening line; one published text per tone and safety mode'),
  safety_mode: SafetyMode.default('default').describe(
    'chooses the disclaimer; `workplace` also words the themes of romance, health and intimacy for a team (work, routines, shared commitments)',
  ),
};

export const HoroscopeSignParams = z.object({ sign: z.enum(SIGN_SLUGS).describe('sun sign, lower case: aries … pisces') }).strict();
export const HoroscopeSignPeriodParams = z.object({ sign: HoroscopeSignParams.shape.sign, period: z.enum(HOROSCOPE_PERIODS) }).strict();
export const HoroscopeQuery = z
  .object({ date: DAY.optional().describe('any day of the period (UTC calendar); default today'), ...voiceFields })
  .strict();
export const HoroscopeRangeQuery = z
  .object({ from: DAY, to: DAY, ...voiceFields })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'must not be after `to`', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < 31, { message: 'the range is at most 31 days', path: ['to'] });

const Transit = z.object({
  transiting: z.string(),
  transiting_sign: z.enum(ZODIAC_SIGNS),
  aspect: z.string(),
  to: z.string(),
  orb: z.number().nullable(),
  retrograde: z.boolean(),
  text: z.string(),
});

const SkyEvent = z
  .object({
    kind: z
      .enum(['new_moon', 'full_moon', 'solar_eclipse', 'lunar_eclipse', 'ingress', 'station_retrograde', 'station_direct'])
      .describe('a lunation, an eclipse (in the place of its lunation), a change of sign, a station'),
    body: z
      .string()
      .nullable()
      .describe('the body that changes sign or direction (the Moon’s changes of sign in a daily text); null for lunations and eclipses'),
    eclipse: z.enum(['total', 'annular', 'hybrid', 'partial', 'penumbral']).nullable().describe('the type of an eclipse; null otherwise'),
    utc: z.string().describe('the exact instant: the lunation, the eclipse’s maximum, the ingress or the station'),
    sign: z.enum(ZODIAC_SIGNS).describe('the sign of the event (the sign entered, for an ingress)'),
    longitude: z.number().describe('tropical longitude of the event, degrees'),
    house: z
      .number()
      .int()
      .min(1)
      .max(12)
      .describe('where it falls for the reader: the solar house from the sign, or the natal (Placidus) house'),
  })
  .meta({ id: 'HoroscopeSkyEvent' });

const HoroscopeText = {
  locale: z.string(),
  title: z.string().describe('with the period as the reader writes dates, e.g. "Tuesday 10 March 2026", "วันอังคารที่ 10 มีนาคม พ.ศ. 2569"'),
  text: z.string(),
  transits: z.array(Transit).describe('the transits the text was written from'),
  events: z
    .array(SkyEvent)
    .describe('the dated events of the period the text reads, in time order; a daily text also reads an eclipse up to three days away'),
  moon_sign: z.enum(ZODIAC_SIGNS),
  disclaimer: z.string(),
  method: z.string(),
};

export const PublishedHoroscope = z
  .object({
    sign: z.enum(ZODIAC_SIGNS),
    period: z.enum(HOROSCOPE_PERIODS),
    period_start: z.string(),
    period_end: z.string(),
    tone: Tone,
    safety_mode: SafetyMode,
    ...HoroscopeText,
    published_at: z.string().describe('when the text was published; the same for every caller'),
  })
  .meta({ id: 'PublishedHoroscope' });
export type PublishedHoroscope = z.infer<typeof PublishedHoroscope>;

export const HoroscopeRange = z
  .object({ sign: z.enum(ZODIAC_SIGNS), from: z.string(), to: z.string(), days: z.array(PublishedHoroscope) })
  .meta({ id: 'HoroscopeRange' });

export const PersonalHoroscopeRequest = withBirthTimeZone(
  z
    .object({
      ...BirthSubjectFields,
      name: z.string().min(1, 'must be 1 to 120 characters').max(120, 'must be 1 to 120 characters').optional(),
      period: z.enum(HOROSCOPE_PERIODS),
      period_date: DAY.optional().describe('any day of the period (UTC calendar); default today (`date` is the birth date)'),
      locale: z.enum(['en', 'th']).default('en'),
      safety_mode: SafetyMode.default('default').describe(
        '`workplace` words the themes of romance, health and intimacy for a team (work, routines, shared commitments)',
      ),
    })
    .strict(),
).meta({
  id: 'PersonalHoroscopeRequest',
  example: {
    date: '1990-05-14',
    time: '10:15',
    latitude: 13.75,
    longitude: 100.5,
    timezoneOffsetMinutes: 420,
    name: 'Ploy',
    period: 'weekly',
    locale: 'th',
  },
});
export type PersonalHoroscopeRequest = z.infer<typeof PersonalHoroscopeRequest>;

export const PersonalHoroscope = z
  .object({
    period: z.enum(HOROSCOPE_PERIODS),
    period_start: z.string(),
    period_end: z.string(),
    sun_sign: z.enum(ZODIAC_SIGNS),
    ...HoroscopeText,
  })
  .meta({ id: 'PersonalHoroscope' });
export type PersonalHoroscope = z.infer<typeof PersonalHoroscope>;
