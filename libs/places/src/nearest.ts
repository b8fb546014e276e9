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

/** The closest place of the cells within `radius` degrees of latitude (and the matching span of longitude). */
function scan(latitude: number, longitude: number, radius: number): { place: GazetteerPlace; km: number } | undefined {
  const { grid } = loadGazetteer();
  const maxLatitude = Math.min(89.99, Math.abs(latitude) + radius);
  const lonSpan = Math.min(180, radius / Math.cos(maxLatitude * RAD) + 1);
  let best: { place: GazetteerPlace; km: number } | undefined;
  const lat0 = Math.max(-90, Math.floor(latitude - radius));
  const lat1 = Math.min(89, Math.floor(latitude + radius));
  const lon0 = Math.floor(longitude - lonSpan);
  const lon1 = lonSpan >= 180 ? lon0 + 359 : Math.floor(longitude + lonSpan);
  for (let latCell = lat0; latCell <= lat1; latCell++) {
    for (let lonCell = lon0; lonCell <= lon1; lonCell++) {
      for (const place of grid.get(gridKey(latCell, lonCell)) ?? []) {
        const km = distanceKm(latitude, longitude, place.latitude, place.longitude);
        if (!best || km < best.km) best = { place, km };
      }
    }
  }
  return best;
}

/**
 * The populated place nearest to a point, and how far it is. Widens the searched square until
 * the best place found lies inside it, so no nearer place can sit in a cell not yet read.
 */
export function nearestPlace(latitude: number, longitude: number): { place: GazetteerPlace; distanceKm: number } {
  for (let radius = 0.5; ; radius *= 2) {
    const best = scan(latitude, longitude, radius);
    if (best && (best.km <= radius * KM_PER_DEGREE || radius >= 180)) return { place: best.place, distanceKm: best.km };
    if (radius >= 180) throw new Error('the gazetteer is empty');
  }
}
