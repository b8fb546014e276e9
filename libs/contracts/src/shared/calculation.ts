import { z } from 'zod';
import {
  deltaTSeconds,
  formatOffset,
  HOUSE_SYSTEMS,
  HouseSystem,
  houses,
  instantFromLocal,
  julianDayUt,
  lahiriAyanamsa,
  offsetSecondsAt,
  swissEphemerisVersion,
  timeZoneDatabaseVersion,
} from '@astro/ephemeris';
import { birthSubjectPaths, birthUtcOffsets } from './birth-subject';

/** The house systems answers name: the four offered, Porphyry (the polar fallback) and Sripati (the Vedic bhavas). */
const HOUSE_NAMES = { P: 'Placidus', K: 'Koch', W: 'Whole sign', E: 'Equal (from the Ascendant)', O: 'Porphyry', S: 'Sripati' } as const;
type HouseCode = keyof typeof HOUSE_NAMES;
const HouseCode = z.enum(Object.keys(HOUSE_NAMES) as [HouseCode, ...HouseCode[]]);

/**
 * How an answer was computed. Every successful answer of a calculation route (a route whose spec has
 * `calculation`) carries it as `calculation`, added once by the API from the route's descriptor and
 * the request (see `calculationBasis`); a `null` says the item does not apply to this calculation.
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

const field = (value: unknown, path: string): unknown => {
  let keys = splitPaths.get(path);
  if (!keys) splitPaths.set(path, (keys = path.split('.')));
  let v = value;
  for (const key of keys) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
};

type Subject = { date: string; time: string; timezoneOffsetMinutes: number; latitude?: number; longitude?: number };

/** The first birth subject of a parsed body, by the same paths the offsets echo uses. */
function firstBirthSubject(schema: z.ZodType | undefined, body: unknown): Subject | undefined {
  if (!schema) return undefined;
  for (const path of birthSubjectPaths(schema)) {
    let value: unknown = body;
    for (const key of path) value = key === '*' ? (Array.isArray(value) ? value[0] : undefined) : field(value, key);
    const s = value as Subject | undefined;
    if (s && typeof s.date === 'string' && typeof s.time === 'string' && typeof s.timezoneOffsetMinutes === 'number') return s;
  }
  return undefined;
}

function timeZoneOf(schema: z.ZodType | undefined, body: unknown, instant: Date | undefined): CalculationBasis['time_zone'] {
  const [birth] = schema ? birthUtcOffsets(schema, body) : [];
  if (birth) return { timezone: birth.timezone, utc_offset_minutes: birth.utc_offset_minutes, utc_offset: birth.utc_offset };
  const zone = field(body, 'timezone');
  const offset = field(body, 'timezoneOffsetMinutes');
  if (typeof zone === 'string' && instant) {
    const minutes = offsetSecondsAt(zone, instant.getTime()) / 60;
    return { timezone: zone, utc_offset_minutes: minutes, utc_offset: formatOffset(minutes * 60) };
  }
  if (typeof offset === 'number') return { timezone: null, utc_offset_minutes: offset, utc_offset: formatOffset(offset * 60) };
  return null;
}

/** Below this latitude every house system is defined (the polar circles lie beyond 66.5°). */
const POLAR_CHECK_LATITUDE = 60;

function houseSystemOf(
  spec: CalculationSpec,
  body: unknown,
  subject: Subject | undefined,
  jdUt: number | undefined,
  ephemerisPath: string,
) {
  if (!spec.houses) return null;
  const requested = 'system' in spec.houses ? spec.houses.system : field(body, spec.houses.input);
  if (!HOUSE_SYSTEMS.includes(requested as HouseSystem)) return null;
  const system = requested as HouseSystem;
  // Only Placidus and Koch fall back (to Porphyry), and only where some ecliptic degrees never rise
  // (beyond 90° − the obliquity, about ±66.5°): there the same call the libraries make tells whether
  // they did at the birth place. Below ±60° it cannot happen, and the hot routes skip the call.
  const latitude = subject?.latitude ?? field(body, 'latitude');
  const longitude = subject?.longitude ?? field(body, 'longitude');
  const mayFallBack = (system === 'P' || system === 'K') && typeof latitude === 'number' && Math.abs(latitude) >= POLAR_CHECK_LATITUDE;
  const used =
    mayFallBack && typeof longitude === 'number' && jdUt !== undefined
      ? houses(jdUt, latitude, longitude, system, ephemerisPath).used
      : system;
  const bhava = 'system' in spec.houses ? (spec.houses.bhava ?? null) : null;
  const name = bhava ? `${HOUSE_NAMES[used]} (bhava cusps: ${HOUSE_NAMES[bhava]})` : HOUSE_NAMES[used];
  return { requested: system, used, name, bhava };
}

function nodeTypeOf(spec: CalculationSpec, body: unknown): CalculationBasis['node_type'] {
  if (!spec.nodes) return null;
  const node = typeof spec.nodes === 'string' ? spec.nodes : field(body, spec.nodes.input);
  return node === 'true' || node === 'mean' ? node : null;
}

const isoInstant = (value: unknown): Date | undefined => {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time);
};

/** The reference instant an answer states at `path` (an ISO instant with its offset), e.g. the panchang's sunrise. */
export const answerInstant =
  (path: string) =>
  ({ answer }: CalculationRequest): Date | undefined => {
    return isoInstant(field(answer, path));
  };

/**
 * The middle of a horoscope's period (UTC calendar days `period_start` to `period_end`, at `path` in
 * the answer): the instant the horoscope engine reads the sky at.
 */
export const periodMiddle =
  (path = '') =>
  ({ answer }: CalculationRequest): Date | undefined => {
    const period = path ? field(answer, path) : answer;
    const start = Date.parse(`${String(field(period, 'period_start'))}T00:00:00Z`);
    const end = Date.parse(`${String(field(period, 'period_end'))}T00:00:00Z`) + 86_400_000;
    return Number.isNaN(start) || Number.isNaN(end) ? undefined : new Date((start + end) / 2);
  };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The `calculation` object of an answer: the route's descriptor read against its parsed request
 * (and, where the route's reference instant is in the answer, the answer). ONE function for every
 * route, so that a request pipeline can call it after the handler.
 */
export function calculationBasis(
  spec: CalculationSpec,
  bodySchema: z.ZodType | undefined,
  request: CalculationRequest,
  ephemerisPath: string,
): CalculationBasis {
  const subject = firstBirthSubject(bodySchema, request.body);
  const instant =
    spec.instant?.(request) ?? (subject ? instantFromLocal(subject.date, subject.time, subject.timezoneOffsetMinutes) : undefined);
  const jdUt = instant ? julianDayUt(instant) : undefined;
  const withEphemeris = spec.ephemeris && jdUt !== undefined;
  return {
    zodiac: spec.zodiac === null ? null : spec.zodiac === 'tropical' ? 'tropical' : 'sidereal',
    ayanamsa:
      spec.zodiac === 'sidereal_lahiri' && jdUt !== undefined
        ? { name: 'lahiri', degrees: round(lahiriAyanamsa(jdUt, ephemerisPath), 9) }
        : null,
    house_system: houseSystemOf(spec, request.body, subject, jdUt, ephemerisPath),
    node_type: nodeTypeOf(spec, request.body),
    ephemeris: spec.ephemeris ? swissEphemerisVersion() : null,
    delta_t_seconds: withEphemeris ? round(deltaTSeconds(jdUt, ephemerisPath), 4) : null,
    instant_utc: instant ? instant.toISOString() : null,
    time_zone: timeZoneOf(bodySchema, request.body, instant),
    time_zone_database: timeZoneDatabaseVersion(),
    method: spec.method ?? null,
  };
}
