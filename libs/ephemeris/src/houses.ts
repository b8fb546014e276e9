import { EphemerisRangeError, EphemerisUnavailableError } from './errors';
import { Zodiac } from './planets';
import { SwissHousesResult, useEphemerisPath } from './swisseph-binding';
import { normalizeDegrees } from './zodiac';

/** P Placidus, K Koch, W whole sign, E equal (from the Ascendant). */
export const HOUSE_SYSTEMS = ['P', 'K', 'W', 'E'] as const;
export type HouseSystem = (typeof HOUSE_SYSTEMS)[number];
/** Porphyry: what Placidus and Koch fall back to where they are undefined (polar latitudes). */
export const POLAR_FALLBACK = 'O';

export interface Houses {
  /** The system asked for, and the one used (differs only for the polar fallback). */
  requested: HouseSystem;
  used: HouseSystem | typeof POLAR_FALLBACK;
  cusps: number[];
  ascendant: number;
  midheaven: number;
  armc: number;
  vertex: number;
  warnings: string[];
}

/**
 * House cusps and angles. Placidus and Koch divide time arcs that do not exist where some ecliptic
 * degrees never rise (beyond about ±66°); there we use Porphyry, as the Swiss Ephemeris itself does,
 * and say so in `warnings`.
 */
export function houses(
  jdUt: number,
  latitude: number,
  longitude: number,
  system: HouseSystem,
  ephemerisPath: string,
  zodiac: Zodiac = 'tropical',
): Houses {
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new EphemerisRangeError('latitude or longitude out of range');
  const swe = useEphemerisPath(ephemerisPath);
  const flags = zodiac === 'sidereal_lahiri' ? swe.SEFLG_SIDEREAL : 0;
  return withPolarFallback(system, latitude, (s) => swe.swe_houses_ex(jdUt, flags, latitude, longitude, s));
}

/**
 * Sripati bhavas (the Swiss Ephemeris system 'S'): each quadrant trisected as in Porphyry, with the
 * bhava boundaries (sandhis) at the midpoints of Porphyry's cusps, so the Ascendant is the middle
 * (madhya) of the first bhava. Returns the twelve sandhis, the start of bhava 1 first.
 */
export function sripatiBhavaSandhis(
  jdUt: number,
  latitude: number,
  longitude: number,
  ephemerisPath: string,
  zodiac: Zodiac = 'sidereal_lahiri',
): number[] {
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new EphemerisRangeError('latitude or longitude out of range');
  const swe = useEphemerisPath(ephemerisPath);
  const result = swe.swe_houses_ex(jdUt, zodiac === 'sidereal_lahiri' ? swe.SEFLG_SIDEREAL : 0, latitude, longitude, 'S');
  if ('error' in result) throw new EphemerisUnavailableError(`Sripati bhavas failed: ${result.error}`);
  return result.house.slice(0, 12).map(normalizeDegrees);
}

/**
 * Houses from a sidereal time (ARMC) rather than an instant: what a composite chart needs, whose
 * MC is a midpoint and belongs to no moment.
 */
export function housesFromArmc(armc: number, latitude: number, obliquity: number, system: HouseSystem, ephemerisPath: string): Houses {
  const swe = useEphemerisPath(ephemerisPath);
  return withPolarFallback(system, latitude, (s) => swe.swe_houses_armc(armc, latitude, obliquity, s));
}

function withPolarFallback(
  system: HouseSystem,
  latitude: number,
  compute: (system: string) => SwissHousesResult | { error: string },
): Houses {
  let used: Houses['used'] = system;
  const warnings: string[] = [];
  let result = compute(system);
  if ('error' in result && (system === 'P' || system === 'K')) {
    used = POLAR_FALLBACK;
    warnings.push(
      `${system === 'P' ? 'Placidus' : 'Koch'} houses are undefined at latitude ${latitude}° (inside the polar circle); Porphyry houses were used instead`,
    );
    result = compute(POLAR_FALLBACK);
  }
  if ('error' in result) throw new EphemerisUnavailableError(`house calculation failed: ${result.error}`);
  return {
    requested: system,
    used,
    cusps: result.house.slice(0, 12).map(normalizeDegrees),
    ascendant: normalizeDegrees(result.ascendant),
    midheaven: normalizeDegrees(result.mc),
    armc: normalizeDegrees(result.armc),
    vertex: normalizeDegrees(result.vertex),
    warnings,
  };
}

/** The house (1–12) a longitude falls in, given the twelve cusps in order. */
export function houseOf(longitude: number, cusps: number[]): number {
  const lon = normalizeDegrees(longitude);
  for (let i = 0; i < 12; i++) {
    const start = cusps[i];
    const span = normalizeDegrees(cusps[(i + 1) % 12] - start);
    if (normalizeDegrees(lon - start) < span) return i + 1;
  }
  return 12;
}
