export { normalisePlaceName } from './normalise';
export { describePlace, loadGazetteer } from './gazetteer';
export type { GazetteerPlace } from './gazetteer';
export { placeById, resolvePlace, searchPlaces, toCandidate } from './search';
export type { PlaceCandidate, PlaceQuery, PlaceResolution } from './search';
export { distanceKm, nearestPlace } from './nearest';
export { timeZoneAt } from './time-zone';
export { countryName, thaiCountryName } from './countries';
export { thaiPlaceName } from './thai-names';
