import { EphemerisUnavailableError } from './errors';
import { zodiacFlags, Zodiac } from './planets';
import { useEphemerisPath } from './swisseph-binding';

/** `mean` is SE_MEAN_NODE (10), the node most Indian almanacs use for Rahu; `true` is SE_TRUE_NODE (11). */
export type NodeKind = 'mean' | 'true';
const NODE_IDS: Record<NodeKind, number> = { mean: 10, true: 11 };

/** The Moon's ascending node (Rahu) at a Julian day (UT): longitude and speed in degrees per day. */
export function lunarNodeAt(
  jdUt: number,
  kind: NodeKind,
  ephemerisPath: string,
  zodiac: Zodiac = 'tropical',
): { longitude: number; speed: number } {
  const swe = useEphemerisPath(ephemerisPath);
  const result = swe.swe_calc_ut(jdUt, NODE_IDS[kind], zodiacFlags(swe, zodiac));
  if ('error' in result && !('longitude' in result)) {
    throw new EphemerisUnavailableError(`swisseph failed for the ${kind} node: ${result.error}`);
  }
  const r = result as Exclude<typeof result, { error: string }>;
  return { longitude: r.longitude, speed: r.longitudeSpeed };
}
