import { describePlace, GazetteerPlace, loadGazetteer } from './gazetteer';
import { distanceKm } from './nearest';
import { normalisePlaceName } from './normalise';
import { timeZoneAt } from './time-zone';

/** A place as the API shows it: GeoNames data, the names people read, and its IANA zone. */
export interface PlaceCandidate {
  geonamesId: number;
  name: string;
  admin1: string | null;
  admin1Code: string;
  country: string;
  countryName: string;
  population: number;
  latitude: number;
  longitude: number;
  timezone: string;
  display: string;
}

export function toCandidate(place: GazetteerPlace): PlaceCandidate {
  const { admin1, countryName, display } = describePlace(place);
  return {
    geonamesId: place.geonamesId,
    name: place.name,
    admin1,
    admin1Code: place.admin1Code,
    country: place.country,
    countryName,
    population: place.population,
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: timeZoneAt(place.latitude, place.longitude),
    display,
  };
}

export interface PlaceQuery {
  name: string;
  /** ISO 3166-1 alpha-2 code, any case */
  country?: string;
}

/** Keeps at most `limit` places, most populous first, in one pass (no sort of a long prefix range). */
function topByPopulation(places: GazetteerPlace[], limit: number): GazetteerPlace[] {
  const top: GazetteerPlace[] = [];
  for (const place of places) {
    if (top.length === limit && place.population <= top[limit - 1].population) continue;
    let i = top.length === limit ? limit - 1 : top.length;
    while (i > 0 && top[i - 1].population < place.population) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = place;
    if (top.length > limit) top.length = limit;
  }
  return top;
}

/** The first index in the sorted names at or after `key`. */
function lowerBound(sortedNames: string[], key: string): number {
  let low = 0;
  let high = sortedNames.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sortedNames[mid] < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A prefix shared by more names than this is searched from the most populous place down instead. */
const LONG_PREFIX_RANGE = 1_000;

/** The most populous places whose name begins with `key` (not counting those in `skip`). */
function prefixMatches(key: string, country: string | undefined, limit: number, skip: Set<GazetteerPlace>): GazetteerPlace[] {
  const { sortedNames, byName, byPopulation } = loadGazetteer();
  const first = lowerBound(sortedNames, key);
  const end = lowerBound(sortedNames, `${key}\uffff`);
  const wanted = (p: GazetteerPlace) => !skip.has(p) && (!country || p.country === country);
  if (end - first > LONG_PREFIX_RANGE) {
    // A short prefix ("s"): walking the places by population finds the top ones within a few hundred.
    const found: GazetteerPlace[] = [];
    for (const { place, key: name } of byPopulation) {
      if (found.length === limit) break;
      if (name.startsWith(key) && wanted(place)) found.push(place);
    }
    return found;
  }
  const inRange: GazetteerPlace[] = [];
  for (let i = first; i < end; i++) for (const place of byName.get(sortedNames[i])!) if (wanted(place)) inRange.push(place);
  return topByPopulation(inRange, limit);
}

/**
 * Places whose name is the query (exact matches first, most populous first), then places whose
 * name begins with it, for a search box.
 */
export function searchPlaces(query: PlaceQuery, limit = 10): GazetteerPlace[] {
  const key = normalisePlaceName(query.name);
  if (key.length === 0) return [];
  const country = query.country?.toUpperCase();
  const exact = (loadGazetteer().byName.get(key) ?? []).filter((p) => !country || p.country === country).slice(0, limit);
  if (exact.length >= limit) return exact;
  return [...exact, ...prefixMatches(key, country, limit - exact.length, new Set(exact))];
}

export function placeById(geonamesId: number): GazetteerPlace | undefined {
  return loadGazetteer().byId.get(geonamesId);
}

/** One place is clear when it has at least this many times the people of the next of the same name. */
const CLEAR_LEAD = 10;
const MAX_CANDIDATES = 10;

export type PlaceResolution =
  | { kind: 'found'; place: GazetteerPlace }
  | { kind: 'ambiguous'; candidates: GazetteerPlace[]; total: number }
  | { kind: 'unknown'; suggestions: GazetteerPlace[] };

/**
 * The places a name (with an optional country) can mean. "Name, qualifier" also works: a
 * qualifier after the last comma may be a country code, a country name, or an admin region code
 * or name ("Springfield, IL", "Paris, France").
 */
function exactMatches(query: PlaceQuery): GazetteerPlace[] {
  const { byName } = loadGazetteer();
  const country = query.country?.toUpperCase();
  const inCountry = (places: GazetteerPlace[]) => places.filter((p) => !country || p.country === country);
  const whole = inCountry(byName.get(normalisePlaceName(query.name)) ?? []);
  const comma = query.name.lastIndexOf(',');
  if (whole.length > 0 || comma < 0) return whole;
  const qualifier = normalisePlaceName(query.name.slice(comma + 1));
  const named = inCountry(byName.get(normalisePlaceName(query.name.slice(0, comma))) ?? []);
  return named.filter((place) => {
    const { admin1, countryName } = describePlace(place);
    return [place.country, countryName, place.admin1Code, admin1 ?? ''].some((label) => normalisePlaceName(label) === qualifier);
  });
}

/**
 * The one place a birth subject names. Several of similar size are ambiguous (the caller lists
 * them); given coordinates pick the candidate nearest to them instead.
 */
export function resolvePlace(query: PlaceQuery, near?: { latitude: number; longitude: number }): PlaceResolution {
  const matches = exactMatches(query);
  if (matches.length === 0) return { kind: 'unknown', suggestions: searchPlaces(query, 5) };
  if (near) {
    const distance = (p: GazetteerPlace) => distanceKm(near.latitude, near.longitude, p.latitude, p.longitude);
    return { kind: 'found', place: matches.reduce((a, b) => (distance(b) < distance(a) ? b : a)) };
  }
  if (matches.length === 1 || matches[0].population >= CLEAR_LEAD * matches[1].population) return { kind: 'found', place: matches[0] };
  return { kind: 'ambiguous', candidates: matches.slice(0, MAX_CANDIDATES), total: matches.length };
}
