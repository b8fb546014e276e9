import * as fs from 'node:fs';
import * as path from 'node:path';
import { EphemerisUnavailableError } from './errors';

import * as sweph from 'sweph';

/**
 * The slice of the Swiss Ephemeris the platform uses, in one shape for every caller: a failed call
 * answers `{ error }`, a successful one its named values. The engine is the `sweph` binding of the
 * Swiss Ephemeris 2.10.03, the release whose ΔT model (observed values to 2022 and the 2.10
 * extrapolation after them) the reference `swetest` also uses (ADR 0005). Calls go through this
 * adapter so that the choice of binding stays in this one file.
 */
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
  SE_ECL_NUT: number;
  SE_ECL_TOTAL: number;
  SE_ECL_ANNULAR: number;
  SE_ECL_PARTIAL: number;
  SE_ECL_ANNULAR_TOTAL: number;
  SE_ECL_PENUMBRAL: number;
  swe_set_ephe_path(dir: string): void;
  swe_set_sid_mode(mode: number, t0: number, ayanT0: number): void;
  swe_get_ayanamsa_ex_ut(jd: number, flags: number): { ayanamsa: number } | { error: string };
  swe_julday(year: number, month: number, day: number, hour: number, calendar: number): number;
  swe_calc_ut(jd: number, body: number, flags: number): SwissCalcResult | { error: string };
  swe_houses_ex(jd: number, flags: number, lat: number, lon: number, system: string): SwissHousesResult | { error: string };
  /**
   * `pressure` 0 lets the Swiss Ephemeris use the standard atmosphere (1013.25 hPa at sea level,
   * reduced for `height`) and `temperature` is in °C; the rise/set time of a circumpolar body is -2.
   */
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
  swe_version(): string;
  /** The next (or previous) lunar eclipse from `jd`: its type bits and the Julian day (UT) of its maximum. */
  swe_lun_eclipse_when(jd: number, flags: number, type: number, backwards: boolean): SwissEclipseResult | { error: string };
  /** The next (or previous) solar eclipse anywhere on Earth: its type bits and the Julian day (UT) of its maximum. */
  swe_sol_eclipse_when_glob(jd: number, flags: number, type: number, backwards: boolean): SwissEclipseResult | { error: string };
}
export interface SwissEclipseResult {
  /** SE_ECL_* bits: total, annular, partial, annular-total (hybrid), penumbral, central … */
  type: number;
  maximum: number;
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

const C = sweph.constants;
const ERR = C.ERR;

function housesResult(flag: number, error: string, houses: ArrayLike<number>, points: ArrayLike<number>, what: string) {
  if (flag < 0) return { error: error || `${what} failed` };
  return { house: Array.from(houses), ascendant: points[0], mc: points[1], armc: points[2], vertex: points[3] };
}

const swe: SwissEph = {
  SE_GREG_CAL: C.SE_GREG_CAL,
  SEFLG_SWIEPH: C.SEFLG_SWIEPH,
  SEFLG_SPEED: C.SEFLG_SPEED,
  SEFLG_MOSEPH: C.SEFLG_MOSEPH,
  SEFLG_SIDEREAL: C.SEFLG_SIDEREAL,
  SE_SIDM_LAHIRI: C.SE_SIDM_LAHIRI,
  SE_CALC_RISE: C.SE_CALC_RISE,
  SE_CALC_SET: C.SE_CALC_SET,
  SE_CALC_MTRANSIT: C.SE_CALC_MTRANSIT,
  SE_CALC_ITRANSIT: C.SE_CALC_ITRANSIT,
  SE_BIT_DISC_CENTER: C.SE_BIT_DISC_CENTER,
  SE_BIT_NO_REFRACTION: C.SE_BIT_NO_REFRACTION,
  SE_ECL_NUT: C.SE_ECL_NUT,
  SE_ECL_TOTAL: C.SE_ECL_TOTAL,
  SE_ECL_ANNULAR: C.SE_ECL_ANNULAR,
  SE_ECL_PARTIAL: C.SE_ECL_PARTIAL,
  SE_ECL_ANNULAR_TOTAL: C.SE_ECL_ANNULAR_TOTAL,
  SE_ECL_PENUMBRAL: C.SE_ECL_PENUMBRAL,
  swe_set_ephe_path: (dir) => sweph.set_ephe_path(dir),
  swe_set_sid_mode: (mode, t0, ayanT0) => sweph.set_sid_mode(mode, t0, ayanT0),
  swe_get_ayanamsa_ex_ut(jd, flags) {
    const r = sweph.get_ayanamsa_ex_ut(jd, flags);
    return r.flag === ERR ? { error: r.error } : { ayanamsa: r.data };
  },
  swe_julday: (year, month, day, hour, calendar) => sweph.julday(year, month, day, hour, calendar),
  swe_calc_ut(jd, body, flags) {
    const r = sweph.calc_ut(jd, body, flags);
    if (r.flag === ERR) return { error: r.error };
    const [longitude, latitude, distance, longitudeSpeed, latitudeSpeed, distanceSpeed] = r.data;
    return { longitude, latitude, distance, longitudeSpeed, latitudeSpeed, distanceSpeed, rflag: r.flag };
  },
  swe_houses_ex(jd, flags, lat, lon, system) {
    const r = sweph.houses_ex2(jd, flags, lat, lon, system);
    return housesResult(r.flag, r.error, r.data.houses, r.data.points, 'house calculation');
  },
  swe_rise_trans(jd, body, star, ephemerisFlags, event, lon, lat, height, pressure, temperature) {
    const r = sweph.rise_trans(jd, body, star || null, ephemerisFlags, event, [lon, lat, height], pressure, temperature);
    if (r.flag === ERR) return { error: r.error };
    return { transitTime: r.flag === -2 ? -2 : r.data };
  },
  swe_time_equ(jd) {
    const r = sweph.time_equ(jd);
    return r.flag === ERR ? { error: r.error } : { timeEquation: r.data };
  },
  swe_deltat: (jdUt) => ({ delta: sweph.deltat(jdUt) }),
  swe_houses_armc(armc, lat, obliquity, system) {
    const r = sweph.houses_armc_ex2(armc, lat, obliquity, system);
    return housesResult(r.flag, r.error, r.data.houses, r.data.points, 'house calculation from the ARMC');
  },
  swe_version: () => sweph.version(),
  swe_lun_eclipse_when(jd, flags, type, backwards) {
    const r = sweph.lun_eclipse_when(jd, flags, type, backwards);
    return r.flag === ERR || r.flag === 0 ? { error: r.error || 'no lunar eclipse found' } : { type: r.flag, maximum: r.data[0] };
  },
  swe_sol_eclipse_when_glob(jd, flags, type, backwards) {
    // The binding's typings say `number`, but the native function refuses anything but a boolean.
    const r = sweph.sol_eclipse_when_glob(jd, flags, type, backwards as unknown as number);
    return r.flag === ERR || r.flag === 0 ? { error: r.error || 'no solar eclipse found' } : { type: r.flag, maximum: r.data[0] };
  },
};

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

let versionName: string | undefined;

/** The engine as answers name it, e.g. `Swiss Ephemeris 2.10.03` (the binding's own version string, asked once). */
export function swissEphemerisVersion(): string {
  return (versionName ??= `Swiss Ephemeris ${swe.swe_version()}`);
}
