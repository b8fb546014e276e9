import { z } from 'zod';
import { CalendarDate } from '../shared/calendar-date';
import { BirthDateTimeField, BirthSubject, BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
import { Branding, BrandProfileId } from '../shared/branding';
import { MOMENT_FIELDS } from '../shared/planets';
import { Audience, SafetyMode, Tone } from '../shared/voice';
import { HouseSystemField } from '../shared/chart-options';
import { Angles, AspectRecord, ChartPlanet, Elements, HouseCusp, Modalities, Sign } from './chart-parts';

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

/**
 * The birth in any of the shared forms: `birth_datetime` (one ISO instant with its offset), or date
 * and time with timezone or timezoneOffsetMinutes; coordinates, or a place (docs/time-zones.md).
 */
export const NatalChartRequest = withBirthTimeZone(
  z
    .object({
      ...BirthDateTimeField,
      ...BirthSubjectFields,
      date: BirthSubjectFields.date.optional(),
      time: BirthSubjectFields.time.optional(),
      house_system: HouseSystemField,
      interpret: z.boolean().default(false),
      language: z.string().min(2).max(24).default('en').describe('en or th; others fall back to English with a warning'),
      brand_name: z.string().min(1).max(60).optional(),
      tone: Tone.default('professional'),
      audience: Audience.default('consumer'),
      safety_mode: SafetyMode.default('default'),
      ...ChartImageFields,
    })
    .strict(),
);

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
