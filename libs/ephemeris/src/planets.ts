import { EphemerisUnavailableError } from './errors';
import { SwissEph, useEphemerisPath } from './swisseph-binding';
import { assertSupportedInstant, julianDayUt } from './time';
import { signOf, ZodiacSign } from './zodiac';

/** Swiss Ephemeris body numbers, in the order charts list them. */
export const BODIES = [
  { name: 'Sun', id: 0 },
  { name: 'Moon', id: 1 },
  { name: 'Mercury', id: 2 },
  { name: 'Venus', id: 3 },
  { name: 'Mars', id: 4 },
  { name: 'Jupiter', id: 5 },
  { name: 'Saturn', id: 6 },
  { name: 'Uranus', id: 7 },
  { name: 'Neptune', id: 8 },
  { name: 'Pluto', id: 9 },
  { name: 'North Node', id: 11 }, // SE_TRUE_NODE
  { name: 'Chiron', id: 15 }, // SE_CHIRON
] as const;
export type BodyName = (typeof BODIES)[number]['name'];

export interface BodyPosition {
  name: BodyName;
  longitude: number;
  latitude: number;
  distanceAu: number;
  speed: number;
  retrograde: boolean;
  sign: ZodiacSign;
  signDegree: number;
}

/** `tropical`, or sidereal with the Lahiri ayanamsa (the only sidereal zodiac of this platform). */
export type Zodiac = 'tropical' | 'sidereal_lahiri';

export function zodiacFlags(swe: SwissEph, zodiac: Zodiac): number {
  return swe.SEFLG_SWIEPH | swe.SEFLG_SPEED | (zodiac === 'sidereal_lahiri' ? swe.SEFLG_SIDEREAL : 0);
}

export function bodyByName(name: BodyName): (typeof BODIES)[number] {
  return BODIES.find((b) => b.name === name)!;
}

/** Computes one body with the Swiss Ephemeris files, refusing the silent Moshier fallback. */
export function bodyPosition(swe: SwissEph, jdUt: number, body: (typeof BODIES)[number], zodiac: Zodiac = 'tropical'): BodyPosition {
  const result = swe.swe_calc_ut(jdUt, body.id, zodiacFlags(swe, zodiac));
  if ('error' in result && !('longitude' in result)) {
    throw new EphemerisUnavailableError(`swisseph failed for ${body.name}: ${result.error}`);
  }
  const r = result as Exclude<typeof result, { error: string }>;
  if ((r.rflag & swe.SEFLG_SWIEPH) === 0) {
    throw new EphemerisUnavailableError(`swisseph could not read the ephemeris file for ${body.name}`);
  }
  const { sign, signDegree } = signOf(r.longitude);
  return {
    name: body.name,
    longitude: r.longitude,
    latitude: r.latitude,
    distanceAu: r.distance,
    speed: r.longitudeSpeed,
    retrograde: r.longitudeSpeed < 0,
    sign,
    signDegree,
  };
}

/** Geocentric positions of Sun to Pluto, the true node and Chiron at an instant. */
export function planetPositions(
  instant: Date,
  ephemerisPath: string,
  zodiac: Zodiac = 'tropical',
): { julianDayUt: number; bodies: BodyPosition[] } {
  assertSupportedInstant(instant);
  const swe = useEphemerisPath(ephemerisPath);
  const jd = julianDayUt(instant);
  return { julianDayUt: jd, bodies: BODIES.map((b) => bodyPosition(swe, jd, b, zodiac)) };
}

/** One body's position at a Julian day (UT), for searches that step through time. */
export function bodyAt(jdUt: number, name: BodyName, ephemerisPath: string, zodiac: Zodiac = 'tropical'): BodyPosition {
  return bodyPosition(useEphemerisPath(ephemerisPath), jdUt, bodyByName(name), zodiac);
}

/**
 * The Lahiri ayanamsa (degrees) at a Julian day (UT): exactly tropical minus sidereal longitude
 * (swe_get_ayanamsa_ex_ut; the legacy swe_get_ayanamsa_ut of 2.09 differs by the nutation).
 */
export function lahiriAyanamsa(jdUt: number, ephemerisPath: string): number {
  const swe = useEphemerisPath(ephemerisPath);
  const result = swe.swe_get_ayanamsa_ex_ut(jdUt, swe.SEFLG_SWIEPH);
  if ('error' in result) throw new EphemerisUnavailableError(`ayanamsa failed: ${result.error}`);
  return result.ayanamsa;
}

/**
 * ΔT = TT − UT in seconds, as Swiss Ephemeris 2.10.03 applies it when converting a UT instant
 * (observed to 2022, extrapolated after; ADR 0005).
 */
export function deltaTSeconds(jdUt: number, ephemerisPath: string): number {
  return useEphemerisPath(ephemerisPath).swe_deltat(jdUt).delta * 86_400;
}
