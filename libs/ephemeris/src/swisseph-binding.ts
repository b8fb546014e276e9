import * as fs from 'node:fs';
import * as path from 'node:path';
import { EphemerisUnavailableError } from './errors';

// swisseph has no type declarations; this is the slice of its API the platform uses.
export interface SwissEph {
  SE_GREG_CAL: number;
  SEFLG_SWIEPH: number;
  SEFLG_SPEED: number;
  SEFLG_MOSEPH: number;
  SEFLG_SIDEREAL: number;
  SE_SIDM_LAHIRI: number;
  SE_CALC_RISE: number;
  SE_CALC_SET: number;
  SE_CALC_MTRANSIT: number;
  SE_CALC_ITRANSIT: number;
  SE_BIT_DISC_CENTER: number;
  SE_BIT_NO_REFRACTION: number;
  swe_set_ephe_path(dir: string): void;
  swe_set_sid_mode(mode: number, t0: number, ayanT0: number): void;
  swe_get_ayanamsa_ex_ut(jd: number, flags: number): { ayanamsa: number } | { error: string };
  swe_julday(year: number, month: number, day: number, hour: number, calendar: number): number;
  swe_calc_ut(jd: number, body: number, flags: number): SwissCalcResult | { error: string };
  swe_houses_ex(jd: number, flags: number, lat: number, lon: number, system: string): SwissHousesResult | { error: string };
  swe_rise_trans(
    jd: number,
    body: number,
    star: string,
    ephemerisFlags: number,
    event: number,
    lon: number,
    lat: number,
    height: number,
    pressure: number,
    temperature: number,
  ): { transitTime: number } | { error: string };
  swe_time_equ(jd: number): { timeEquation: number } | { error: string };
  swe_deltat(jdUt: number): { delta: number };
  swe_houses_armc(armc: number, lat: number, obliquity: number, system: string): SwissHousesResult | { error: string };
  SE_ECL_NUT: number;
  swe_version(): string;
}
export interface SwissHousesResult {
  house: number[];
  ascendant: number;
  mc: number;
  armc: number;
  vertex: number;
}
export interface SwissCalcResult {
  longitude: number;
  latitude: number;
  distance: number;
  longitudeSpeed: number;
  latitudeSpeed: number;
  distanceSpeed: number;
  rflag: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const swe: SwissEph = require('swisseph');

/** The files a planet, Moon and Chiron computation reads (1800–2399 AD). */
export const REQUIRED_EPHEMERIS_FILES = ['sepl_18.se1', 'semo_18.se1', 'seas_18.se1'];

let configuredPath: string | undefined;

/**
 * Points the Swiss Ephemeris at its data files. Without them swisseph silently falls back to the
 * less precise Moshier theory and has no Chiron, so a missing file is an error here, not a fallback.
 */
export function useEphemerisPath(dir: string): SwissEph {
  if (configuredPath === dir) return swe;
  const missing = REQUIRED_EPHEMERIS_FILES.filter((f) => !fs.existsSync(path.join(dir, f)));
  if (missing.length > 0) {
    throw new EphemerisUnavailableError(`ephemeris files missing in ${dir}: ${missing.join(', ')} (set EPHEMERIS_PATH)`);
  }
  swe.swe_set_ephe_path(dir);
  // Sidereal positions of this platform are always Lahiri (SEFLG_SIDEREAL selects them per call).
  swe.swe_set_sid_mode(swe.SE_SIDM_LAHIRI, 0, 0);
  configuredPath = dir;
  return swe;
}
