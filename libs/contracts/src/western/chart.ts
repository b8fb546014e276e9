import { z } from 'zod';
import { CalendarDate } from '../calendar-date';
import { BirthSubject, BirthSubjectFields, withBirthTimeZone } from '../birth-subject';
import { Branding, BrandProfileId } from '../reports/branding';
import { IsoInstant, MOMENT_FIELDS, ZODIAC_SIGNS } from './planets';
import { Audience, SafetyMode, Tone } from '../voice';
// Responses of real calls with the request examples below (test/western-api.test.ts checks them).
import progressionsExample from './examples/western-progressions.json';
import returnsExample from './examples/western-returns.json';
import synastryExample from './examples/western-synastry.json';
import transitsExample from './examples/western-transits.json';

export { CalendarDate };

/** Chart images: the same wheel as the PDF reports, in the brand colour when branding is given. */
export const ChartImageFields = {
  image: z
    .enum(['svg', 'png'])
    .optional()
    .describe(
      "also draw the chart wheel (the PDF reports' wheel): `svg` (the SVG document as text) or `png` (base64, 1200 pixels wide; the height includes the legend) in `image`",
    ),
  branding: Branding.optional().describe('the wheel is drawn in `primary_color`'),
  brand_profile_id: BrandProfileId.optional().describe(
    'a brand profile of this account: its primary colour draws the wheel (request `branding` wins)',
  ),
};

export const ChartImage = z
  .object({
    format: z.enum(['svg', 'png']),
    media_type: z.enum(['image/svg+xml', 'image/png']),
    width: z.number().int(),
    height: z.number().int(),
    data: z.string().describe('the SVG document, or the PNG bytes in base64'),
  })
  .meta({ id: 'ChartImage' });

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
    ...ChartImageFields,
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
const Angles = z.object({
  ascendant: z.number(),
  midheaven: z.number(),
  descendant: z.number(),
  imum_coeli: z.number(),
  vertex: z.number(),
});
const ChartPlanet = z.object({
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  distance_au: z.number(),
  speed: z.number().describe('degrees per day'),
  retrograde: z.boolean(),
  sign: Sign,
  sign_degree: z.number(),
  house: z.number().int().min(1).max(12),
});
const Elements = z.object({ fire: z.number().int(), earth: z.number().int(), air: z.number().int(), water: z.number().int() });
const Modalities = z.object({ cardinal: z.number().int(), fixed: z.number().int(), mutable: z.number().int() });

/** A chart: planets in signs and houses, cusps, angles, aspects and element/modality balance. */
export const ChartBody = z
  .object({
    planets: z.array(ChartPlanet),
    houses: z.array(HouseCusp).length(12),
    angles: Angles,
    aspects: z.array(AspectRecord),
    elements: Elements,
    modalities: Modalities,
  })
  .meta({ id: 'WesternChart' });

export const NatalChartResponse = z
  .object({
    system: z.literal('western'),
    zodiac: z.literal('tropical'),
    house_system: z.string().describe('the system used: the one asked for, or O (Porphyry) where Placidus/Koch are undefined'),
    ...MOMENT_FIELDS,
    chart: ChartBody,
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
    image: ChartImage.nullable(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'NatalChart' });

export const CompositeChartRequest = z
  .object({
    person_a: BirthSubject,
    person_b: BirthSubject,
    house_system: HouseSystemField,
    locale: z.string().min(2).max(24).default('en').describe('labels language: en or th; others fall back to English'),
    ...ChartImageFields,
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
      angles: Angles,
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
    image: ChartImage.nullable(),
  })
  .meta({ id: 'CompositeChart' });

// ---- POST /api/v3/western/synastry ----

const Person = withBirthTimeZone(
  z
    .object({ ...BirthSubjectFields, name: z.string().min(1).max(120).optional().describe('used in the sentences; default A / B') })
    .strict(),
).meta({ id: 'SynastryPerson' });
const Locale = z.enum(['en', 'th']).default('en').describe('language of the interpretation snippets');

export const SynastryRequest = z
  .object({
    person_a: Person,
    person_b: Person,
    house_system: HouseSystemField,
    locale: Locale,
    safety_mode: SafetyMode.default('default').describe(
      "the texts' variant, as in the synastry PDF's brand profile: `workplace` writes of working together and leaves romance, health and hiring out",
    ),
    ...ChartImageFields,
  })
  .strict()
  .meta({
    id: 'SynastryRequest',
    example: {
      person_a: { name: 'Ananya', date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' },
      person_b: { name: 'James', date: '1988-11-02', time: '07:15', latitude: 51.5074, longitude: -0.1278, timezone: 'Europe/London' },
      house_system: 'P',
      locale: 'en',
    },
  });

const BalanceSide = z.object({ elements: Elements, modalities: Modalities, leading_element: z.enum(['fire', 'earth', 'air', 'water']) });
const SynastryChart = z.object({
  name: z.string(),
  instant_utc: z.string(),
  house_system: z.string(),
  chart: ChartBody,
  warnings: z.array(z.string()),
});

export const SynastryResponse = z
  .object({
    system: z.literal('western'),
    locale: z.enum(['en', 'th']),
    person_a: SynastryChart,
    person_b: SynastryChart,
    inter_aspects: z.array(AspectRecord).describe('person A body (a) to person B body (b), Sun–Pluto, natal orbs, tightest first'),
    overlays_a_in_b: z
      .array(z.object({ planet: z.string(), house: z.number().int().min(1).max(12) }))
      .describe("A's planets in B's houses"),
    overlays_b_in_a: z
      .array(z.object({ planet: z.string(), house: z.number().int().min(1).max(12) }))
      .describe("B's planets in A's houses"),
    balance: z.object({ a: BalanceSide, b: BalanceSide, verdict: z.enum(['same', 'compatible', 'different']) }),
    compatibility: z.object({
      score: z.number().int().min(0).max(100).describe('50 plus the points of every factor, clamped to 0–100'),
      factors: z.array(
        z.object({
          kind: z.enum(['aspect', 'element']),
          description_key: z.string(),
          a: z.string(),
          b: z.string(),
          aspect: z.string().optional(),
          points: z.number(),
        }),
      ),
    }),
    interpretation: z.object({
      intro: z.string(),
      inter_aspects: z
        .array(z.object({ a: z.string(), b: z.string(), type: z.string(), title: z.string(), meaning: z.string() }))
        .describe('the 30 tightest'),
      overlays_a_in_b: z.array(z.string()),
      overlays_b_in_a: z.array(z.string()),
      balance: z.string(),
      compatibility: z.object({ score: z.string(), explained: z.string(), factors: z.array(z.string()) }),
    }),
    image: ChartImage.nullable().describe("bi-wheel: A inside with A's houses, B on the outer ring"),
  })
  .meta({ id: 'Synastry', example: synastryExample });

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

// ---- POST /api/v3/western/progressions ----

export const ProgressionsRequest = z
  .object({
    birth_subject: BirthSubject,
    target_date: CalendarDate.describe('the date the progressed chart is for (00:00 at the birth offset)'),
    mc_method: z
      .enum(['solar_arc', 'naibod', 'quotidian'])
      .default('solar_arc')
      .describe(
        'progressed MC: solar_arc (natal MC + solar arc in longitude), naibod (ARMC + 59′08″ a year), quotidian (the ARMC of the progressed day)',
      ),
    years_ahead: z
      .number()
      .int()
      .min(1)
      .max(30)
      .default(10)
      .describe('progressed Moon sign and phase changes in this many years after target_date'),
    house_system: HouseSystemField,
    ...ChartImageFields,
  })
  .strict()
  .meta({
    id: 'ProgressionsRequest',
    example: {
      birth_subject: { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' },
      target_date: '2026-01-01',
      years_ahead: 5,
    },
  });

const DirectedPoint = z.object({ name: z.string(), longitude: z.number(), sign: Sign, sign_degree: z.number() });

export const ProgressionsResponse = z
  .object({
    system: z.literal('western'),
    target_utc: z.string(),
    age_years: z.number(),
    progressed_utc: z.string().describe('the ephemeris instant whose sky is the progressed chart (a day per year of life)'),
    progressed_julian_day_ut: z.number(),
    mc_method: z.enum(['solar_arc', 'naibod', 'quotidian']),
    chart: z.object({
      planets: z.array(ChartPlanet.extend({ speed: z.number().describe('degrees per progressed day = per year of life') })),
      houses: z.array(HouseCusp).length(12),
      angles: Angles,
      house_system_used: z.string(),
      warnings: z.array(z.string()),
    }),
    progressed_to_natal: z.array(AspectRecord).describe('progressed point (a) to natal point (b), Ptolemaic aspects within 1°'),
    solar_arc: z.object({
      arc: z.number().describe('progressed Sun − natal Sun, degrees'),
      directed: z.array(DirectedPoint),
      directed_to_natal: z.array(AspectRecord).describe('directed point (a) to natal point (b), within 1°'),
    }),
    moon: z.object({
      phase: z.enum(['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic']),
      elongation: z.number().describe('progressed Moon − progressed Sun, degrees'),
      sign: Sign,
      events: z.array(
        z.object({
          kind: z.enum(['moon_sign', 'moon_phase']),
          utc: z.string().describe('the real date the event falls on'),
          progressed_utc: z.string(),
          sign: Sign.optional(),
          phase: z.enum(['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic']).optional(),
        }),
      ),
    }),
    image: ChartImage.nullable().describe('bi-wheel: the natal chart inside, the progressed planets on the outer ring'),
  })
  .meta({ id: 'Progressions', example: progressionsExample });

// ---- POST /api/v3/western/returns ----

const Relocation = z
  .object({
    latitude: BirthSubjectFields.latitude,
    longitude: BirthSubjectFields.longitude,
    timezone: BirthSubjectFields.timezone.describe('IANA zone of the place, for the local time of the return'),
    timezoneOffsetMinutes: BirthSubjectFields.timezoneOffsetMinutes.describe('fixed offset of the place (when no timezone is given)'),
  })
  .strict();

export const ReturnsRequest = z
  .object({
    birth_subject: BirthSubject,
    kind: z.enum(['solar', 'lunar']),
    year: z
      .number()
      .int()
      .min(1801)
      .max(2398)
      .optional()
      .describe('solar: the return of that year; lunar: every return of that calendar year (13 or 14)'),
    date: CalendarDate.optional().describe('instead of year: the return in force on that date (the last one before it ends)'),
    relocation: Relocation.optional().describe('cast the return charts here instead of at the birth place'),
    house_system: HouseSystemField,
    ...ChartImageFields,
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.year === undefined) === (body.date === undefined))
      ctx.addIssue({ code: 'custom', path: ['year'], message: 'give exactly one of year and date' });
  })
  .meta({
    id: 'ReturnsRequest',
    example: {
      birth_subject: { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' },
      kind: 'solar',
      year: 2026,
      relocation: { latitude: 51.5074, longitude: -0.1278, timezone: 'Europe/London' },
    },
  });

export const ReturnsResponse = z
  .object({
    system: z.literal('western'),
    kind: z.enum(['solar', 'lunar']),
    natal_longitude: z.number().describe('the natal longitude of the Sun (solar) or the Moon (lunar) the body returns to'),
    place: z.object({ latitude: z.number(), longitude: z.number(), relocated: z.boolean() }),
    returns: z.array(
      z.object({
        instant_utc: z.string(),
        local_time: z.string().describe("the return instant at the place's clock, ISO 8601 with its offset"),
        julian_day_ut: z.number(),
        house_system: z.string(),
        chart: ChartBody,
        angular: z.array(z.string()).describe('planets Sun–Pluto in houses 1, 4, 7 and 10'),
        house_emphasis: z
          .array(z.object({ house: z.number().int(), planets: z.array(z.string()) }))
          .describe('houses holding planets, most occupied first'),
        warnings: z.array(z.string()),
        image: ChartImage.nullable(),
      }),
    ),
  })
  .meta({ id: 'Returns', example: returnsExample });
