import { EphemerisUnavailableError } from './errors';
import { useEphemerisPath } from './swisseph-binding';

/**
 * The eight transneptunian points of the Hamburg School, Swiss Ephemeris fictitious bodies
 * SE_CUPIDO (40) to SE_POSEIDON (47): their orbital elements are built into the library
 * (Witte/Sieggrün elements as the Swiss Ephemeris documents them, swetest -pJKLMNOPQ), and the
 * mean lunar node (SE_MEAN_NODE, 10), the node of Uranian practice.
 */
export const HAMBURG_BODIES = [
  { name: 'Cupido', id: 40 },
  { name: 'Hades', id: 41 },
  { name: 'Zeus', id: 42 },
  { name: 'Kronos', id: 43 },
  { name: 'Apollon', id: 44 },
  { name: 'Admetos', id: 45 },
  { name: 'Vulkanus', id: 46 },
  { name: 'Poseidon', id: 47 },
  { name: 'Mean Node', id: 10 },
] as const;
export type HamburgBodyName = (typeof HAMBURG_BODIES)[number]['name'];

export interface HamburgBodyPosition {
  name: HamburgBodyName;
  longitude: number;
  latitude: number;
  speed: number;
}

/** Geocentric tropical positions of the transneptunian points and the mean node at a Julian day (UT). */
export function hamburgBodyPositions(jdUt: number, ephemerisPath: string): HamburgBodyPosition[] {
  const swe = useEphemerisPath(ephemerisPath);
  return HAMBURG_BODIES.map((body) => {
    const result = swe.swe_calc_ut(jdUt, body.id, swe.SEFLG_SWIEPH | swe.SEFLG_SPEED);
    if ('error' in result && !('longitude' in result))
      throw new EphemerisUnavailableError(`swisseph failed for ${body.name}: ${result.error}`);
    const r = result as Exclude<typeof result, { error: string }>;
    return { name: body.name, longitude: r.longitude, latitude: r.latitude, speed: r.longitudeSpeed };
  });
}
