import { z } from 'zod';
import { BirthSubjectWithAyanamsa } from './birth-subject';

/** Everyday Vedic endpoints (issue 18): kundli with the Shodashvarga, Vimshottari dasha, Ashtakavarga. */

const Sign = z.enum(['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces']);
const Graha = z.enum(['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn']);
const DashaLord = z.enum(['Ketu', 'Venus', 'Sun', 'Moon', 'Mars', 'Rahu', 'Jupiter', 'Saturn', 'Mercury']);

const EXAMPLE_BIRTH = { date: '1990-05-15', time: '14:30', latitude: 28.6139, longitude: 77.209, timezoneOffsetMinutes: 330, ayanamsa: 'lahiri' };

const NodeChoice = z
  .enum(['mean', 'true'], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be mean or true') })
  .default('mean')
  .describe('Rahu and Ketu from the mean node (default, as most Indian almanacs) or the true node');

export const KundliRequest = z
  .strictObject({ birth_subject: BirthSubjectWithAyanamsa, node: NodeChoice })
  .meta({ id: 'KundliRequest', example: { birth_subject: EXAMPLE_BIRTH, node: 'mean' } });
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
    retrograde: z.boolean(),
    combust: z.boolean().describe('within the Surya Siddhanta orb of the Sun (see docs/vedic.md)'),
    dignity: Dignity.nullable().describe('by sign; compound (panchadha) relationship with the sign lord when not exalted, debilitated, moolatrikona or own; null for the lagna and the nodes'),
    speed: z.number().describe('degrees per day'),
  })
  .meta({ id: 'KundliPlacement' });

export const KundliResponse = z
  .strictObject({
    instant_utc: z.iso.datetime(),
    ayanamsa: z.strictObject({ name: z.literal('lahiri'), degrees: z.number() }),
    node: z.enum(['mean', 'true']),
    house_system: z.literal('whole_sign'),
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
  })
  .meta({ id: 'KundliResponse' });
export type KundliResponse = z.infer<typeof KundliResponse>;

export const DashaRequest = z
  .strictObject({
    birth_subject: BirthSubjectWithAyanamsa,
    at: z.iso.datetime({ error: 'must be an ISO 8601 date-time with Z or an offset', offset: true }).optional().describe('instant for the running periods (default: now)'),
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
    mahadashas: z.array(Period.extend({ antardashas: z.array(Period.extend({ pratyantardashas: z.array(Period).length(9) })).length(9) })).length(9),
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
    bhinnashtakavarga: z.strictObject(Object.fromEntries(Graha.options.map((graha) => [graha, Bindus])) as Record<z.infer<typeof Graha>, typeof Bindus>),
    sarvashtakavarga: Bindus.describe('the seven Bhinnashtakavargas added; the total is always 337'),
  })
  .meta({ id: 'AshtakavargaResponse' });
export type AshtakavargaResponse = z.infer<typeof AshtakavargaResponse>;
