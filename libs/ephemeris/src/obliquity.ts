import { EphemerisUnavailableError } from './errors';
import { useEphemerisPath } from './swisseph-binding';

const SE_ECL_NUT = -1; // swisseph's pseudo-body for obliquity and nutation

/** True obliquity of the ecliptic (degrees, nutation included) at a Julian day (UT). */
export function trueObliquity(jdUt: number, ephemerisPath: string): number {
  const swe = useEphemerisPath(ephemerisPath);
  const result = swe.swe_calc_ut(jdUt, SE_ECL_NUT, 0);
  if ('error' in result && !('longitude' in result)) throw new EphemerisUnavailableError(`obliquity failed: ${result.error}`);
  return (result as { longitude: number }).longitude;
}

/** Declination (degrees) of an ecliptic point of the given tropical longitude and latitude. */
export function eclipticToDeclination(tropicalLongitude: number, latitude: number, obliquity: number): number {
  const rad = Math.PI / 180;
  const s =
    Math.sin(latitude * rad) * Math.cos(obliquity * rad) +
    Math.cos(latitude * rad) * Math.sin(obliquity * rad) * Math.sin(tropicalLongitude * rad);
  return Math.asin(Math.max(-1, Math.min(1, s))) / rad;
}
