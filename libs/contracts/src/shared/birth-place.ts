import { z } from 'zod';
import { describePlace, distanceKm, GazetteerPlace, nearestPlace, placeById, resolvePlace, timeZoneAt } from '@astro/places';

/**
 * A birth place by name. Beside `latitude`/`longitude`/`timezone` or instead of them: the place
 * gives the coordinates and the IANA zone unless those are sent (sent values win). Resolved
 * during the parse of the request, from the embedded GeoNames gazetteer (docs/places.md).
 */
export const BirthPlaceFields = {
  place: z
    .string()
    .min(1, 'must be a place name such as Chiang Mai, เชียงใหม่ or "Springfield, IL"')
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe(
      'birth place by name (GeoNames populated places of 1,000 or more people; Thai names of the provinces and their towns too), e.g. `Chiang Mai`, `เชียงใหม่`, `Paris`, or with a region or country after a comma, `Springfield, IL`. Gives latitude, longitude and timezone where those are not sent; sent coordinates win and then pick the nearest place of that name. A name several places share is a 400 listing them',
    ),
  place_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as TH or US')
    .optional()
    .describe('ISO 3166-1 alpha-2 code narrowing `place` to one country, e.g. US'),
  place_id: z
    .number()
    .int('must be a GeoNames id (a whole number) as GET /v1/places answers it')
    .positive('must be a GeoNames id (a whole number) as GET /v1/places answers it')
    .optional()
    .describe('the GeoNames id of the place (`geonames_id` of GET /v1/places): exact, for a name several places share; wins over `place`'),
};

/** What the fields of a birth subject that place resolution reads can be before validation. */
export interface PlaceInput {
  latitude?: unknown;
  longitude?: unknown;
  timezone?: unknown;
  timezoneOffsetMinutes?: unknown;
  birth_datetime?: unknown;
  place?: unknown;
  place_country?: unknown;
  place_id?: unknown;
}

/** One candidate of an ambiguous place, in the 400's `candidates` and message. */
export interface PlaceCandidateSummary {
  geonames_id: number;
  name: string;
  admin1: string | null;
  admin1_code: string;
  country: string;
  country_name: string;
  population: number;
  latitude: number;
  longitude: number;
}

export type BirthPlaceOutcome =
  | { kind: 'none' }
  | { kind: 'resolved'; place: GazetteerPlace; coordinatesGiven: boolean }
  | { kind: 'invalid'; field: 'place' | 'place_id'; message: string; candidates?: PlaceCandidateSummary[] };

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

export function summarisePlace(place: GazetteerPlace): PlaceCandidateSummary {
  const { admin1, countryName } = describePlace(place);
  return {
    geonames_id: place.geonamesId,
    name: place.name,
    admin1,
    admin1_code: place.admin1Code,
    country: place.country,
    country_name: countryName,
    population: place.population,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

const describeCandidate = (c: PlaceCandidateSummary) =>
  `${[c.name, c.admin1 ?? c.admin1_code, c.country_name].filter((p) => p !== '').join(', ')} (population ${c.population}, place_id ${c.geonames_id})`;

const outcomes = new WeakMap<object, BirthPlaceOutcome>();

function resolveUncached(value: PlaceInput): BirthPlaceOutcome {
  const coordinatesGiven = isCoordinate(value.latitude, 90) && isCoordinate(value.longitude, 180);
  if (typeof value.place_id === 'number' && Number.isInteger(value.place_id) && value.place_id > 0) {
    const place = placeById(value.place_id);
    if (place) return { kind: 'resolved', place, coordinatesGiven };
    return {
      kind: 'invalid',
      field: 'place_id',
      message: `no place has GeoNames id ${value.place_id}: take geonames_id from GET /v1/places`,
    };
  }
  if (typeof value.place !== 'string' || value.place.trim() === '' || value.place.length > 200) return { kind: 'none' };
  const country = typeof value.place_country === 'string' && /^[A-Za-z]{2}$/.test(value.place_country) ? value.place_country : undefined;
  if (value.place_country !== undefined && country === undefined) return { kind: 'none' }; // place_country's own rule says so
  const near = coordinatesGiven ? { latitude: value.latitude as number, longitude: value.longitude as number } : undefined;
  const resolution = resolvePlace({ name: value.place, country }, near);
  const named = `${JSON.stringify(value.place)}${country ? ` in ${country.toUpperCase()}` : ''}`;
  if (resolution.kind === 'found') return { kind: 'resolved', place: resolution.place, coordinatesGiven };
  if (resolution.kind === 'unknown') {
    const suggestions = resolution.suggestions.map((p) => describeCandidate(summarisePlace(p)));
    return {
      kind: 'invalid',
      field: 'place',
      message:
        `no populated place named ${named} is known${suggestions.length ? ` (names beginning so: ${suggestions.join('; ')})` : ''}; ` +
        'check the spelling, search with GET /v1/places, or give latitude and longitude',
    };
  }
  const candidates = resolution.candidates.map(summarisePlace);
  return {
    kind: 'invalid',
    field: 'place',
    candidates,
    message:
      `${named} is ambiguous: ${resolution.total} places have that name and none stands out; ` +
      `${resolution.total > candidates.length ? `the ${candidates.length} most populous: ` : ''}${candidates.map(describeCandidate).join('; ')}; ` +
      'add place_country, a region after a comma (e.g. "Springfield, IL"), place_id, or latitude and longitude',
  };
}

/** The place a birth subject names, resolved once per parsed object. */
export function resolveBirthPlace(value: PlaceInput): BirthPlaceOutcome {
  if (value === null || typeof value !== 'object') return { kind: 'none' };
  let outcome = outcomes.get(value);
  if (!outcome) {
    outcome = resolveUncached(value);
    outcomes.set(value, outcome);
  }
  return outcome;
}

/**
 * The subject with what its place gives filled in: latitude and longitude unless sent, and the
 * IANA zone at the coordinates used unless `timezone`, `timezoneOffsetMinutes` or `birth_datetime` (whose offset it is) was sent.
 */
export function withPlaceApplied<T extends PlaceInput>(value: T): T {
  const outcome = resolveBirthPlace(value);
  if (outcome.kind !== 'resolved') return value;
  const { latitude, longitude } = outcome.coordinatesGiven ? (value as { latitude: number; longitude: number }) : outcome.place;
  const zoneSent = value.timezone !== undefined || value.timezoneOffsetMinutes !== undefined || value.birth_datetime !== undefined;
  return { ...value, latitude, longitude, ...(zoneSent ? {} : { timezone: timeZoneAt(latitude, longitude) }) };
}

/**
 * The checks of the place fields: a place that cannot be resolved is an issue on `place` (with the
 * candidates in the issue's params, for the error body), and a subject with neither a place nor
 * coordinates is told which fields it lacks.
 */
export function checkBirthPlace(value: PlaceInput, ctx: z.RefinementCtx, coordinatesRequired: boolean): boolean {
  if (typeof value !== 'object' || value === null) return false; // a missing subject: its own rule says so
  const outcome = resolveBirthPlace(value);
  if (outcome.kind === 'invalid') {
    ctx.addIssue({
      code: 'custom',
      path: [outcome.field],
      message: outcome.message,
      ...(outcome.candidates ? { params: { place_candidates: outcome.candidates } } : {}),
    });
    return false;
  }
  if (value.place_country !== undefined && value.place === undefined) {
    ctx.addIssue({ code: 'custom', path: ['place_country'], message: 'is only meaningful with place' });
  }
  const placeSent = value.place !== undefined || value.place_id !== undefined;
  // A place sent but malformed (its field's own rule says so) cannot tell the zone either: no more issues.
  if (outcome.kind === 'none' && placeSent) return false;
  if (coordinatesRequired && !placeSent) {
    for (const field of ['latitude', 'longitude'] as const) {
      if (value[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'is required unless place or place_id is given' });
    }
  }
  return true;
}

/**
 * The place each birth subject of a request was computed for. Every successful response of a
 * route whose body has birth subjects carries this list as `birth_places`, beside
 * `birth_utc_offsets` (the API's answer step adds both).
 */
export const BirthPlace = z
  .object({
    field: z.string().describe('where the birth subject is in the request body, e.g. person_a; empty for a flat body'),
    source: z
      .enum(['place', 'coordinates'])
      .describe(
        '`place`: the coordinates came from the place named; `coordinates`: latitude and longitude were sent (they win), and the place is the one named or else the nearest',
      ),
    name: z.string().describe('the GeoNames name of the place'),
    admin1: z.string().nullable().describe('first-level region (state, province) where the gazetteer names it, else null'),
    admin1_code: z.string().describe('GeoNames admin1 code, e.g. IL, 02'),
    country: z.string().describe('ISO 3166-1 alpha-2 code'),
    country_name: z.string(),
    place_display: z.string().describe('the place as people read it, e.g. "Chiang Mai, Thailand"'),
    geonames_id: z.number().int(),
    latitude: z.number().describe('the latitude the calculation used'),
    longitude: z.number().describe('the longitude the calculation used'),
    timezone: z.string().nullable().describe('the IANA zone used: sent, or from the place; null when only timezoneOffsetMinutes was sent'),
    distance_km: z.number().describe('from the coordinates used to the place (0 when they are the place)'),
  })
  .meta({ id: 'BirthPlace' });
export type BirthPlace = z.infer<typeof BirthPlace>;

/** The echo of one (valid) birth subject: the place resolved, or the nearest one to its coordinates. */
export function birthPlaceOf(subject: PlaceInput, field: string): BirthPlace | undefined {
  const outcome = resolveBirthPlace(subject);
  if (outcome.kind === 'invalid') return undefined;
  const applied = withPlaceApplied(subject);
  if (!isCoordinate(applied.latitude, 90) || !isCoordinate(applied.longitude, 180)) return undefined;
  const { latitude, longitude } = applied;
  const place = outcome.kind === 'resolved' ? outcome.place : nearestPlace(latitude, longitude).place;
  const { admin1, countryName, display } = describePlace(place);
  return {
    field,
    source: outcome.kind === 'resolved' && !outcome.coordinatesGiven ? 'place' : 'coordinates',
    name: place.name,
    admin1,
    admin1_code: place.admin1Code,
    country: place.country,
    country_name: countryName,
    place_display: display,
    geonames_id: place.geonamesId,
    latitude,
    longitude,
    timezone: typeof applied.timezone === 'string' ? applied.timezone : null,
    distance_km: Math.round(distanceKm(latitude, longitude, place.latitude, place.longitude) * 10) / 10,
  };
}
