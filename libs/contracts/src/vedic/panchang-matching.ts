import { z } from 'zod';
import { calendarDateWithin } from '../shared/calendar-date';
import { formatOffset, isKnownTimeZone, wallTimeOffset } from '@astro/ephemeris';
import { Ayanamsa, BirthSubjectFields, BirthSubjectWithAyanamsa } from '../shared/birth-subject';
// Responses of real calls with the request examples below (scripts/vedic-examples.ts writes them).
import doshasExample from './examples/vedic-doshas.json';
import matchingExample from './examples/vedic-matching.json';
import panchangExample from './examples/vedic-panchang.json';
import { GANAS, KAAL_SARP_TYPES, LUNAR_MONTHS, VARNAS, VASHYAS, YONIS } from './everyday';
import { NodeChoice } from '../shared/chart-options';
import { DashaLord, EXAMPLE_BIRTH, Graha, Sign } from './shared';

/* ---------------------------------------------------------------------------------------------
 * Panchang, Ashtakoot matching and doshas. Conventions and sources: docs/vedic.md.
 * The response examples are real answers to the request examples (scripts/vedic-examples.ts).
 * ------------------------------------------------------------------------------------------- */

const Locale = z
  .enum(['en', 'th'], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be en or th') })
  .default('en')
  .describe('language of the texts: en or th');
const LocalInstant = z.iso.datetime({ offset: true }).describe("ISO 8601 at the place's offset, to the second");
const Interval = z.strictObject({ start: LocalInstant, end: LocalInstant });

const PANCHANG_FIRST_YEAR = 1801;
const PANCHANG_LAST_YEAR = 2398;
const PanchangDate = calendarDateWithin(`${PANCHANG_FIRST_YEAR}-01-01`, `${PANCHANG_LAST_YEAR}-12-31`, 'the ephemeris files').describe(
  'civil date YYYY-MM-DD; the panchang runs from its sunrise to the next sunrise',
);

type PlaceTimeZone = { date?: unknown; timezone?: unknown; timezoneOffsetMinutes?: unknown };
/** The offset of a place's IANA zone at local noon of the date (the day's offset for the almanac). */
function noonOffset(value: PlaceTimeZone): number | undefined {
  if (
    typeof value.timezone !== 'string' ||
    !isKnownTimeZone(value.timezone) ||
    typeof value.date !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(value.date)
  )
    return undefined;
  const resolved = wallTimeOffset(value.timezone, value.date, '12:00');
  return (resolved.kind === 'gap' ? resolved.offsetAfterSeconds : resolved.offsetSeconds) / 60;
}

const PanchangFields = z
  .object({
    date: PanchangDate,
    latitude: BirthSubjectFields.latitude,
    longitude: BirthSubjectFields.longitude,
    timezoneOffsetMinutes: BirthSubjectFields.timezoneOffsetMinutes.describe(
      'minutes east of UTC of the local clock; optional when `timezone` is given (then it must agree)',
    ),
    timezone: BirthSubjectFields.timezone.describe('IANA time zone of the place; its offset at local noon of the date is used'),
    ayanamsa: Ayanamsa,
  })
  .strict();

export const PanchangRequest = PanchangFields.superRefine(
  (value, ctx) => {
    if (typeof value !== 'object' || value === null) return;
    if (value.timezone === undefined) {
      if (value.timezoneOffsetMinutes === undefined)
        ctx.addIssue({ code: 'custom', path: ['timezoneOffsetMinutes'], message: 'is required unless timezone (an IANA name) is given' });
      return;
    }
    const offset = noonOffset(value);
    if (offset !== undefined && value.timezoneOffsetMinutes !== undefined && value.timezoneOffsetMinutes !== offset) {
      ctx.addIssue({
        code: 'custom',
        path: ['timezoneOffsetMinutes'],
        message: `disagrees with timezone ${value.timezone}, whose offset at noon of ${value.date} is ${offset} (${formatOffset(offset * 60)}); give one of them`,
      });
    }
  },
  { when: () => true },
)
  .overwrite((value) => {
    const offset = noonOffset(value);
    return offset === undefined ? value : { ...value, timezoneOffsetMinutes: offset };
  })
  .meta({
    id: 'PanchangRequest',
    example: { date: '2026-01-14', latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata', ayanamsa: 'lahiri' },
  }) as unknown as z.ZodType<z.output<typeof PanchangFields> & { timezoneOffsetMinutes: number }, z.input<typeof PanchangFields>>;
export type PanchangRequest = z.infer<typeof PanchangRequest>;

const Paksha = z.enum(['shukla', 'krishna']);
const LunarMonth = z.strictObject({
  name: z.enum(LUNAR_MONTHS),
  adhika: z.boolean().describe('an intercalary month (no sankranti between its new moons), named after the month it precedes'),
});

export const PanchangResponse = z
  .strictObject({
    date: z.iso.date(),
    place: z.strictObject({ latitude: z.number(), longitude: z.number(), timezoneOffsetMinutes: z.number() }),
    ayanamsa: z.strictObject({ name: z.literal('lahiri'), degrees: z.number().describe('at sunrise') }),
    vara: z.strictObject({
      number: z.number().int().min(1).max(7).describe('1 Sunday … 7 Saturday'),
      name: z.enum(['Ravivara', 'Somavara', 'Mangalavara', 'Budhavara', 'Guruvara', 'Shukravara', 'Shanivara']),
      lord: Graha,
    }),
    sunrise: LocalInstant.describe("centre of the Sun's disc on the horizon, refraction included"),
    sunset: LocalInstant,
    next_sunrise: LocalInstant.describe('the end of this Hindu day'),
    moonrise: LocalInstant.nullable().describe('upper limb; null when the Moon does not rise on this civil date'),
    moonset: LocalInstant.nullable(),
    tithi: z
      .array(Interval.extend({ number: z.number().int().min(1).max(30), name: z.string(), paksha: Paksha }))
      .min(1)
      .describe(
        'every tithi from the one running at sunrise (the udaya tithi, first) to the one running at the next sunrise; start and end are the instants the Moon–Sun elongation crosses a multiple of 12°',
      ),
    nakshatra: z
      .array(Interval.extend({ number: z.number().int().min(1).max(27), name: z.string(), lord: DashaLord }))
      .min(1)
      .describe("the Moon's nakshatras from sunrise to the next sunrise; ends where the sidereal Moon crosses a multiple of 13°20′"),
    yoga: z
      .array(Interval.extend({ number: z.number().int().min(1).max(27), name: z.string() }))
      .min(1)
      .describe('ends where the sum of the sidereal Sun and Moon crosses a multiple of 13°20′'),
    karana: z
      .array(
        Interval.extend({
          number: z.number().int().min(1).max(60),
          name: z.string(),
          half: z.union([z.literal(1), z.literal(2)]),
          tithi: z.number().int().min(1).max(30),
        }),
      )
      .min(2)
      .describe('both halves of every tithi listed'),
    at_sunrise: z.strictObject({ tithi: z.string(), nakshatra: z.string(), yoga: z.string(), karana: z.string(), paksha: Paksha }),
    rahu_kaal: Interval.describe('one eighth of the daytime, by weekday'),
    yamaganda: Interval,
    gulika_kaal: Interval,
    abhijit_muhurta: Interval.describe('the 8th of the 15 muhurtas of the daytime'),
    lunar_month: z.strictObject({
      amanta: LunarMonth.describe('month ending at the new moon (South and West India)'),
      purnimanta: LunarMonth.describe('month ending at the full moon (North India)'),
      new_moon_start: LocalInstant,
      new_moon_end: LocalInstant,
    }),
    samvat: z.strictObject({
      vikram: z.number().int().describe('Vikram Samvat, the year beginning with Chaitra'),
      shaka: z.number().int().describe('Shaka (Shalivahana) era, the year beginning with Chaitra'),
    }),
  })
  .meta({ id: 'PanchangResponse', example: panchangExample });
export type PanchangResponse = z.infer<typeof PanchangResponse>;

const GROOM = { date: '1988-11-02', time: '06:45', latitude: 19.076, longitude: 72.8777, timezone: 'Asia/Kolkata', ayanamsa: 'lahiri' };
const BRIDE = { date: '1991-03-21', time: '22:10', latitude: 12.9716, longitude: 77.5946, timezone: 'Asia/Kolkata', ayanamsa: 'lahiri' };

export const MatchingRequest = z
  .strictObject({
    groom: BirthSubjectWithAyanamsa.describe('the groom (boy); Varna, Vashya, Gana and Tara count from his side as the rules say'),
    bride: BirthSubjectWithAyanamsa,
    locale: Locale,
  })
  .meta({ id: 'MatchingRequest', example: { groom: GROOM, bride: BRIDE, locale: 'en' } });
export type MatchingRequest = z.infer<typeof MatchingRequest>;

const MoonFacts = z.strictObject({
  moon_longitude: z.number().describe('sidereal (Lahiri) longitude of the Moon, degrees'),
  moon_sign: Sign,
  nakshatra: z.string(),
  pada: z.number().int().min(1).max(4),
  varna: z.enum(VARNAS),
  vashya: z.enum(VASHYAS),
  yoni: z.enum(YONIS),
  gana: z.enum(GANAS),
  nadi: z.enum(['Adi', 'Madhya', 'Antya']),
  sign_lord: Graha,
});
const DoshaKoota = z.enum(['nadi', 'bhakoot', 'gana']);
const Severity = z.enum(['none', 'low', 'medium', 'high']);
const ManglikSide = z.strictObject({ has_dosha: z.boolean(), severity: Severity, description: z.string() });

export const MatchingResponse = z
  .strictObject({
    groom: MoonFacts,
    bride: MoonFacts,
    kootas: z
      .array(
        z.strictObject({
          koota: z.enum(['varna', 'vashya', 'tara', 'yoni', 'graha_maitri', 'gana', 'bhakoot', 'nadi']),
          points: z.number().min(0),
          max: z.number().int(),
          groom: z.string().describe("the groom's class in this koota (for Tara: the tara of the bride's star counted from his)"),
          bride: z.string(),
          reason: z.string(),
        }),
      )
      .length(8),
    total: z.number().min(0).max(36),
    max: z.literal(36),
    doshas: z
      .array(z.strictObject({ koota: DoshaKoota, cancelled: z.boolean() }))
      .describe('Nadi, Bhakoot and Gana doshas present (0 points) and whether a rule cancels them'),
    cancellations: z.array(
      z.strictObject({
        koota: DoshaKoota,
        rule: z.enum([
          'same_sign_different_nakshatra',
          'same_nakshatra_different_sign',
          'same_nakshatra_different_pada',
          'same_sign_lord',
          'friendly_sign_lords',
        ]),
        text: z.string(),
      }),
    ),
    locale: z.enum(['en', 'th']),
    manglik: z.strictObject({
      groom: ManglikSide,
      bride: ManglikSide,
      compatible: z.boolean().describe('both or neither have Manglik dosha'),
      text: z.string(),
    }),
    verdict: z.strictObject({ band: z.enum(['excellent', 'good', 'average', 'not_recommended']), text: z.string() }),
  })
  .meta({ id: 'MatchingResponse', example: matchingExample });
export type MatchingResponse = z.infer<typeof MatchingResponse>;

export const DoshasRequest = z
  .strictObject({ birth_subject: BirthSubjectWithAyanamsa, node: NodeChoice, locale: Locale })
  .meta({ id: 'DoshasRequest', example: { birth_subject: EXAMPLE_BIRTH, node: 'mean', locale: 'en' } });
export type DoshasRequest = z.infer<typeof DoshasRequest>;

const DoshaFinding = z.strictObject({
  has_dosha: z.boolean(),
  severity: Severity,
  description: z.string(),
  remedies: z.array(z.string()),
  rule: z.string().describe('the rule applied, as docs/vedic.md states it with its source'),
  cancellations: z.array(z.string()).describe('the cancellations that applied'),
});

export const DoshasResponse = z
  .strictObject({
    locale: z.enum(['en', 'th']),
    node: z.enum(['mean', 'true']),
    manglik: DoshaFinding.describe('as POST /api/v3/vedic/manglik-dosha, with the rule and the cancellations'),
    kaal_sarp: DoshaFinding.extend({
      type: z.enum(KAAL_SARP_TYPES).nullable().describe("named by Rahu's house from the lagna"),
      hemisphere: z.enum(['rahu_to_ketu', 'ketu_to_rahu']).nullable(),
      partial: z.boolean(),
    }),
    pitra: DoshaFinding,
    guru_chandal: DoshaFinding,
    kemadruma: DoshaFinding,
  })
  .meta({ id: 'DoshasResponse', example: doshasExample });
export type DoshasResponse = z.infer<typeof DoshasResponse>;
