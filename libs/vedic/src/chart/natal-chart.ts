import { assertSupportedInstant, Birth, bodyAt, houses, julianDayUt, lahiriAyanamsa, trueObliquity } from '@astro/ephemeris';
import { Graha, GRAHAS, normalize360, signIndex } from './graha-rules';

export interface GrahaPosition {
  graha: Graha;
  /** Sidereal (Lahiri) longitude, degrees. */
  longitude: number;
  /** Tropical longitude, degrees (sidereal + ayanamsa). */
  tropicalLongitude: number;
  /** Geocentric ecliptic latitude, degrees. */
  latitude: number;
  /** Degrees per day; negative when retrograde. */
  speed: number;
  sign: number;
}

export interface NatalChart {
  birth: Birth;
  /** The birth's instant (UTC). */
  instant: Date;
  jdUt: number;
  ayanamsa: number;
  obliquity: number;
  /** Sidereal Ascendant and Midheaven. */
  ascendant: number;
  midheaven: number;
  grahas: Record<Graha, GrahaPosition>;
}

/**
 * Sidereal (Lahiri) positions of the seven grahas and the angles at a birth (the API's birth subject,
 * its ayanamsa already checked to be Lahiri by the contract, built with birthOf).
 */
export function natalChart(birth: Birth, ephemerisPath: string): NatalChart {
  const instant = birth.instant;
  assertSupportedInstant(instant, 'date');
  const jdUt = julianDayUt(instant);
  const ayanamsa = lahiriAyanamsa(jdUt, ephemerisPath);
  const grahas = {} as Record<Graha, GrahaPosition>;
  for (const graha of GRAHAS) {
    const p = bodyAt(jdUt, graha, ephemerisPath, 'sidereal_lahiri');
    grahas[graha] = {
      graha,
      longitude: p.longitude,
      tropicalLongitude: normalize360(p.longitude + ayanamsa),
      latitude: p.latitude,
      speed: p.speed,
      sign: signIndex(p.longitude),
    };
  }
  // The angles do not depend on the house system; equal houses never fail at polar latitudes.
  const angles = houses(jdUt, birth.latitude, birth.longitude, 'E', ephemerisPath, 'sidereal_lahiri');
  return {
    birth,
    instant,
    jdUt,
    ayanamsa,
    obliquity: trueObliquity(jdUt, ephemerisPath),
    ascendant: angles.ascendant,
    midheaven: angles.midheaven,
    grahas,
  };
}
