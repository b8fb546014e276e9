import { z } from 'zod';
import {
  birthSubjectPaths,
  birthUtcOffsets,
  CalculationBasis,
  CalculationRequest,
  CalculationSpec,
  HOUSE_NAMES,
  valueAt as field,
} from '@astro/contracts';
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

// The `calculation` object of every calculation answer (the contract: CalculationBasis and the
// routes' CalculationSpec in @astro/contracts): the ayanamsa, ΔT and the house system the ephemeris
// used at the answer's reference instant.

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
    spec.instant?.(request) ?? (subject ? instantFromLocal(subject.date, subject.time, subject.timezoneOffsetMinutes * 60) : undefined);
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
