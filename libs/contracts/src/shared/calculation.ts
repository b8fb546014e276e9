import { z } from 'zod';
import type { HouseSystem } from '@astro/ephemeris';

/** The house systems answers name: the four offered, Porphyry (the polar fallback) and Sripati (the Vedic bhavas). */
export const HOUSE_NAMES = {
  P: 'Placidus',
  K: 'Koch',
  W: 'Whole sign',
  E: 'Equal (from the Ascendant)',
  O: 'Porphyry',
  S: 'Sripati',
} as const;
export type HouseCode = keyof typeof HOUSE_NAMES;
const HouseCode = z.enum(Object.keys(HOUSE_NAMES) as [HouseCode, ...HouseCode[]]);

/**
 * How an answer was computed. Every successful answer of a calculation route (a route whose spec has
 * `calculation`) carries it as `calculation`, added once by the API from the route's descriptor and
 * the request (`calculationBasis` of @astro/western); a `null` says the item does not apply to this calculation.
 */
export const CalculationBasis = z
  .object({
    zodiac: z.enum(['tropical', 'sidereal']).nullable().describe('null where no zodiac longitude is used (sunrise, calendar arithmetic)'),
    ayanamsa: z
      .object({
        name: z.literal('lahiri'),
        degrees: z.number().describe('the ayanamsa at `instant_utc` (true, with nutation: tropical minus sidereal longitude)'),
      })
      .nullable()
      .describe('sidereal answers only'),
    house_system: z
      .object({
        requested: HouseCode.describe('the system asked for (or the fixed system of the route)'),
        used: HouseCode.describe('differs from `requested` only where Placidus or Koch are undefined (polar latitudes): Porphyry'),
        name: z.string(),
        bhava: HouseCode.nullable().describe('Vedic charts: the system of the bhava (house) cusps beside the whole-sign houses'),
      })
      .nullable()
      .describe('null where no houses are used'),
    node_type: z
      .enum(['true', 'mean'])
      .nullable()
      .describe('the lunar node of Rahu/Ketu or the North Node; null where nodes do not appear'),
    ephemeris: z
      .string()
      .nullable()
      .describe('the engine and its version, e.g. Swiss Ephemeris 2.10.03; null for pure calendar arithmetic'),
    delta_t_seconds: z.number().nullable().describe('ΔT = TT − UT the ephemeris applied at `instant_utc`, in seconds'),
    instant_utc: z.string().nullable().describe('the reference instant of the answer: the (first) birth, or the moment the route names'),
    time_zone: z
      .object({
        timezone: z.string().nullable().describe('the IANA zone sent, or null when only an offset was'),
        utc_offset_minutes: z.number(),
        utc_offset: z.string(),
      })
      .nullable()
      .describe('the clock of the request (for birth subjects also in `birth_utc_offsets`); null for UTC-only routes'),
    time_zone_database: z
      .string()
      .describe('the release of the IANA tz database (with backzone) every offset of a named zone comes from, e.g. 2025b'),
    method: z.string().nullable().describe('what else decides the numbers, e.g. the sunrise definition or the calendar rules'),
  })
  .meta({ id: 'CalculationBasis' });
export type CalculationBasis = z.infer<typeof CalculationBasis>;

/** What a route's request and answer give the descriptor (the body already parsed by the route's schema). */
export interface CalculationRequest {
  body: unknown;
  query: unknown;
  params: unknown;
  answer: unknown;
}

/**
 * How a route computes, stated once in its RouteSpec: the calculation libraries' conventions, not
 * the request's, except where the descriptor names the request field (`input`).
 */
export interface CalculationSpec {
  zodiac: 'tropical' | 'sidereal_lahiri' | null;
  /** the house system: fixed, or from a body field (with the polar fallback of the ephemeris) */
  houses?: { system: HouseSystem; bhava?: 'S' } | { input: string };
  nodes?: 'true' | 'mean' | { input: string };
  /** false: no ephemeris at all (calendar arithmetic) */
  ephemeris: boolean;
  /** The reference instant; by default the first birth subject of the body. */
  instant?: (request: CalculationRequest) => Date | undefined;
  /** What else decides the numbers (sunrise definition, calendar rules), in one sentence. */
  method?: string;
}

/** Each descriptor path split once: the echo runs on every answer of the hottest routes. */
const splitPaths = new Map<string, string[]>();

/** The value at a dotted path of a request or an answer (`birth_subject.latitude`), undefined where there is none. */
export const valueAt = (value: unknown, path: string): unknown => {
  let keys = splitPaths.get(path);
  if (!keys) splitPaths.set(path, (keys = path.split('.')));
  let v = value;
  for (const key of keys) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
};

const isoInstant = (value: unknown): Date | undefined => {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time);
};

/** The reference instant an answer states at `path` (an ISO instant with its offset), e.g. the panchang's sunrise. */
export const answerInstant =
  (path: string) =>
  ({ answer }: CalculationRequest): Date | undefined => {
    return isoInstant(valueAt(answer, path));
  };

/**
 * The middle of a horoscope's period (UTC calendar days `period_start` to `period_end`, at `path` in
 * the answer): the instant the horoscope engine reads the sky at.
 */
export const periodMiddle =
  (path = '') =>
  ({ answer }: CalculationRequest): Date | undefined => {
    const period = path ? valueAt(answer, path) : answer;
    const start = Date.parse(`${String(valueAt(period, 'period_start'))}T00:00:00Z`);
    const end = Date.parse(`${String(valueAt(period, 'period_end'))}T00:00:00Z`) + 86_400_000;
    return Number.isNaN(start) || Number.isNaN(end) ? undefined : new Date((start + end) / 2);
  };
