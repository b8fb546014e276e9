import { z } from 'zod';
import { BirthSubjectWithAyanamsa } from '../shared/birth-subject';
import { NodeChoice } from '../shared/chart-options';
import { DashaLord, EXAMPLE_BIRTH, Graha, Sign } from './shared';
// The response of a real call with the request example below (scripts/vedic-examples.ts writes it).
import kundliExample from './examples/vedic-kundli.json';

/** Everyday Vedic endpoints: kundli with the Shodashvarga, Vimshottari dasha, Ashtakavarga. */

/**
 * The names the Vedic endpoints answer with, in their classical order (the index is the rule
 * tables' index in libs/vedic): Ashtakoot classes, lunar months, Kaal Sarp types.
 */
export const VARNAS = ['Brahmin', 'Kshatriya', 'Vaishya', 'Shudra'] as const;
export const VASHYAS = ['Chatushpada', 'Manava', 'Jalachara', 'Vanachara', 'Keeta'] as const;
export const YONIS = [
  'Horse',
  'Elephant',
  'Sheep',
  'Serpent',
  'Dog',
  'Cat',
  'Rat',
  'Cow',
  'Buffalo',
  'Tiger',
  'Deer',
  'Monkey',
  'Mongoose',
  'Lion',
] as const;
export const GANAS = ['Deva', 'Manushya', 'Rakshasa'] as const;
/** Chaitra first: month 1 of the amanta year. */
export const LUNAR_MONTHS = [
  'Chaitra',
  'Vaishakha',
  'Jyeshtha',
  'Ashadha',
  'Shravana',
  'Bhadrapada',
  'Ashvin',
  'Kartika',
  'Margashirsha',
  'Pausha',
  'Magha',
  'Phalguna',
] as const;
/** The twelve Kaal Sarp types, named by the house (from the lagna) Rahu occupies. */
export const KAAL_SARP_TYPES = [
  'Anant',
  'Kulik',
  'Vasuki',
  'Shankhapal',
  'Padma',
  'Mahapadma',
  'Takshak',
  'Karkotak',
  'Shankhachud',
  'Ghatak',
  'Vishdhar',
  'Sheshnag',
] as const;

const SHODASHVARGA = [1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60] as const;
const VargaDivision = z
  .number({ error: 'must be one of 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60' })
  .int('must be one of 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60')
  .refine((v) => (SHODASHVARGA as readonly number[]).includes(v), {
    message: 'must be one of 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60',
  });

export const KundliRequest = z
  .strictObject({
    birth_subject: BirthSubjectWithAyanamsa,
    node: NodeChoice,
    charts: z
      .array(z.enum(['north', 'south'], { error: 'must be north or south' }))
      .max(2, 'at most the two styles')
      .default([])
      .describe(
        'chart images to draw as SVG: `north` (North Indian diamond, houses fixed) and/or `south` (South Indian grid, signs fixed); none by default',
      ),
    chart_vargas: z
      .array(VargaDivision)
      .min(1, 'must name at least one varga')
      .max(16, 'at most the sixteen vargas')
      .default([1, 9])
      .describe('the vargas drawn when `charts` is set, by division (1 = rasi, 9 = navamsa …); default rasi and navamsa'),
  })
  .meta({ id: 'KundliRequest', example: { birth_subject: EXAMPLE_BIRTH, node: 'mean', charts: ['north'], chart_vargas: [1] } });
export type KundliRequest = z.infer<typeof KundliRequest>;

const Dignity = z.enum(['exalted', 'debilitated', 'moolatrikona', 'own', 'great_friend', 'friend', 'neutral', 'enemy', 'great_enemy']);

export const KundliPlacement = z
  .strictObject({
    body: z.enum(['Lagna', 'Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn', 'Rahu', 'Ketu']),
    longitude: z.number().describe('sidereal (Lahiri) longitude, degrees'),
    sign: Sign,
    degree: z.number().describe('degrees within the sign'),
    nakshatra: z.string(),
    pada: z.number().int().min(1).max(4),
    nakshatra_lord: DashaLord,
    house: z.number().int().min(1).max(12).describe('whole-sign house counted from the lagna'),
    bhava: z
      .number()
      .int()
      .min(1)
      .max(12)
      .describe('Sripati bhava: unequal houses, Porphyry trisection with the Ascendant in the middle of the first (docs/vedic.md)'),
    retrograde: z.boolean(),
    combust: z.boolean().describe('within the Surya Siddhanta orb of the Sun (see docs/vedic.md)'),
    dignity: Dignity.nullable().describe(
      'by sign; compound (panchadha) relationship with the sign lord when not exalted, debilitated, moolatrikona or own; null for the lagna and the nodes',
    ),
    speed: z.number().describe('degrees per day'),
  })
  .meta({ id: 'KundliPlacement' });

export const KundliResponse = z
  .strictObject({
    instant_utc: z.iso.datetime(),
    ayanamsa: z.strictObject({ name: z.literal('lahiri'), degrees: z.number() }),
    node: z.enum(['mean', 'true']),
    house_system: z.literal('whole_sign').describe('the system of `house`; `bhava` is by Sripati'),
    bhava_sandhis: z.array(z.number()).length(12).describe('sidereal longitudes where the twelve Sripati bhavas begin, bhava 1 first'),
    placements: z.array(KundliPlacement).length(10),
    vargas: z
      .array(
        z.strictObject({
          varga: z.string().describe('D1 … D60'),
          division: z.number().int(),
          rule: z.string().describe("Parashara's rule used (BPHS chapter 6)"),
          signs: z.record(z.string(), Sign).describe('sign of the lagna and of each of the nine grahas in this varga'),
        }),
      )
      .length(16),
    charts: z
      .array(
        z.strictObject({
          style: z.enum(['north', 'south']),
          varga: z.string().describe('D1 … D60'),
          svg: z.string().describe('a standalone SVG document, 400 × 400'),
        }),
      )
      .describe('the chart images asked for with `charts`, one per style and varga'),
  })
  .meta({ id: 'KundliResponse', example: kundliExample });
export type KundliResponse = z.infer<typeof KundliResponse>;

export const DashaRequest = z
  .strictObject({
    birth_subject: BirthSubjectWithAyanamsa,
    at: z.iso
      .datetime({ error: 'must be an ISO 8601 date-time with Z or an offset', offset: true })
      .optional()
      .describe('instant for the running periods (default: now)'),
    year_days: z
      .union([z.literal(365.25), z.literal(360)], { error: 'must be 365.25 or 360' })
      .default(365.25)
      .describe('days in a dasha year: 365.25 (default) or 360'),
  })
  .meta({ id: 'DashaRequest', example: { birth_subject: EXAMPLE_BIRTH, at: '2026-01-01T00:00:00Z', year_days: 365.25 } });
export type DashaRequest = z.infer<typeof DashaRequest>;

const Period = z.strictObject({ lord: DashaLord, start: z.iso.datetime(), end: z.iso.datetime() });

export const DashaResponse = z
  .strictObject({
    moon_nakshatra: z.string(),
    moon_nakshatra_traversed: z.number().min(0).max(1),
    year_days: z.union([z.literal(365.25), z.literal(360)]),
    balance_at_birth: z.strictObject({ lord: DashaLord, years: z.number() }),
    mahadashas: z
      .array(Period.extend({ antardashas: z.array(Period.extend({ pratyantardashas: z.array(Period).length(9) })).length(9) }))
      .length(9),
    running: z.strictObject({ maha: DashaLord, antar: DashaLord, pratyantar: DashaLord, at: z.iso.datetime() }).nullable(),
  })
  .meta({ id: 'DashaResponse' });
export type DashaResponse = z.infer<typeof DashaResponse>;

export const AshtakavargaRequest = z
  .strictObject({ birth_subject: BirthSubjectWithAyanamsa })
  .meta({ id: 'AshtakavargaRequest', example: { birth_subject: EXAMPLE_BIRTH } });

const Bindus = z.strictObject({ bindus: z.array(z.number().int()).length(12).describe('Aries to Pisces'), total: z.number().int() });

export const AshtakavargaResponse = z
  .strictObject({
    signs: z.array(Sign).length(12),
    // an object with one named property per graha (not a record), so generated clients get typed fields
    bhinnashtakavarga: z.strictObject(
      Object.fromEntries(Graha.options.map((graha) => [graha, Bindus])) as Record<z.infer<typeof Graha>, typeof Bindus>,
    ),
    sarvashtakavarga: Bindus.describe('the seven Bhinnashtakavargas added; the total is always 337'),
  })
  .meta({ id: 'AshtakavargaResponse' });
export type AshtakavargaResponse = z.infer<typeof AshtakavargaResponse>;
