import { THAI_PROVINCES } from './thai-names';

/**
 * Other names a place is looked up by, mapped to its GeoNames id: the Thai provinces (thai-names.ts),
 * a few Thai towns that are not provincial capitals, and the common short forms of places whose
 * GeoNames name is longer. Written for this project; the ids tie each row to the gazetteer.
 */
const EXTRA_ALIASES: readonly (readonly [number, readonly string[]])[] = [
  [1614295, ['พัทยา']], // Pattaya
  [1610780, ['หาดใหญ่']], // Hat Yai
  [1153269, ['หัวหิน']], // Hua Hin
  [1154689, ['เกาะสมุย', 'สมุย']], // Ko Samui
  [5128581, ['New York', 'NYC']], // New York City
  [1566083, ['Saigon', 'ไซ่ง่อน']], // Ho Chi Minh City
];

/** Each alias (as written) with the GeoNames id it names. */
export function placeAliases(): readonly (readonly [string, number])[] {
  const rows: [string, number][] = [];
  for (const province of THAI_PROVINCES) for (const name of province.thai) rows.push([name, province.geonamesId]);
  for (const [id, names] of EXTRA_ALIASES) for (const name of names) rows.push([name, id]);
  return rows;
}
