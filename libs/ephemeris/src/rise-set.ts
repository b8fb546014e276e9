import { EphemerisUnavailableError } from './errors';
import { BodyName, bodyByName } from './planets';
import { useEphemerisPath } from './swisseph-binding';

export type RiseSetEvent = 'rise' | 'set' | 'upper_transit' | 'lower_transit';

/**
 * The next rise, set or meridian transit of a body after `jdUt` at a place (swe_rise_trans).
 * `discCenter` times the centre of the disc instead of its upper limb (Hindu sunrise uses the
 * centre, Western almanacs the upper limb); refraction is included. Null when the body does not
 * rise or set that day (polar day or night).
 */
export function nextRiseSet(
  jdUt: number,
  body: BodyName,
  event: RiseSetEvent,
  place: { latitude: number; longitude: number; altitude?: number },
  ephemerisPath: string,
  options: { discCenter?: boolean } = {},
): number | null {
  const swe = useEphemerisPath(ephemerisPath);
  const eventFlag = {
    rise: swe.SE_CALC_RISE,
    set: swe.SE_CALC_SET,
    upper_transit: swe.SE_CALC_MTRANSIT,
    lower_transit: swe.SE_CALC_ITRANSIT,
  }[event];
  const flags = eventFlag | (options.discCenter ? swe.SE_BIT_DISC_CENTER : 0);
  const result = swe.swe_rise_trans(
    jdUt,
    bodyByName(body).id,
    '',
    swe.SEFLG_SWIEPH,
    flags,
    place.longitude,
    place.latitude,
    place.altitude ?? 0,
    0,
    0,
  );
  if ('error' in result) throw new EphemerisUnavailableError(`rise/set calculation failed: ${result.error}`);
  // The binding reports "circumpolar, no rise or set" as transitTime -2.
  return result.transitTime < 0 ? null : result.transitTime;
}

/** Equation of time in minutes (apparent minus mean solar time) at a Julian day (UT). */
export function equationOfTimeMinutes(jdUt: number, ephemerisPath: string): number {
  const result = useEphemerisPath(ephemerisPath).swe_time_equ(jdUt);
  if ('error' in result) throw new EphemerisUnavailableError(`equation of time failed: ${result.error}`);
  return result.timeEquation * 24 * 60;
}
