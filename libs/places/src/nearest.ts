import { GazetteerPlace, gridKey, loadGazetteer } from './gazetteer';

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Calls `visit` with every place in the grid cells within `radius` degrees of latitude (and the matching span of longitude). */
function eachPlaceAround(latitude: number, longitude: number, radius: number, visit: (place: GazetteerPlace) => void): void {
  const { grid } = loadGazetteer();
  const maxLatitude = Math.min(89.99, Math.abs(latitude) + radius);
  const lonSpan = Math.min(180, radius / Math.cos(maxLatitude * RAD) + 1);
  const lon0 = Math.floor(longitude - lonSpan);
  const lon1 = lonSpan >= 180 ? lon0 + 359 : Math.floor(longitude + lonSpan);
  for (let latCell = Math.max(-90, Math.floor(latitude - radius)); latCell <= Math.min(89, Math.floor(latitude + radius)); latCell++) {
    for (let lonCell = lon0; lonCell <= lon1; lonCell++) for (const place of grid.get(gridKey(latCell, lonCell)) ?? []) visit(place);
  }
}

/** The closest place: widens the searched square until the best place found lies inside it. */
function closest(latitude: number, longitude: number): { place: GazetteerPlace; km: number } {
  for (let radius = 0.5; ; radius *= 2) {
    let best: { place: GazetteerPlace; km: number } | undefined;
    eachPlaceAround(latitude, longitude, radius, (place) => {
      const km = distanceKm(latitude, longitude, place.latitude, place.longitude);
      if (!best || km < best.km) best = { place, km };
    });
    if (best && (best.km <= radius * KM_PER_DEGREE || radius >= 180)) return best;
    if (radius >= 180) throw new Error('the gazetteer is empty');
  }
}

/**
 * How far a place of this many people reaches from its point, roughly (√population / 100 km,
 * 2 to 30 km): a point 2 km from Bangkok's centre is in Bangkok, not in the district seat 1 km away.
 */
const reachKm = (population: number) => Math.min(30, Math.max(2, Math.sqrt(population) / 100));
const MAX_REACH_DEGREES = 30 / KM_PER_DEGREE;

/**
 * The place a point is best named by: the most populous place whose reach covers it, else the
 * nearest populated place (far from any town, at sea).
 */
export function nearestPlace(latitude: number, longitude: number): { place: GazetteerPlace; distanceKm: number } {
  let covering: { place: GazetteerPlace; km: number } | undefined;
  eachPlaceAround(latitude, longitude, MAX_REACH_DEGREES, (place) => {
    if (covering && place.population <= covering.place.population) return;
    const km = distanceKm(latitude, longitude, place.latitude, place.longitude);
    if (km <= reachKm(place.population)) covering = { place, km };
  });
  const best = covering ?? closest(latitude, longitude);
  return { place: best.place, distanceKm: best.km };
}
