import { AspectType } from './aspects';
import { Ingress, NatalPoint, searchTransits, Station, TRANSITING_BODIES } from './transits';

export interface TransitEvent {
  transiting: (typeof TRANSITING_BODIES)[number];
  aspect: AspectType;
  natal_point: string;
  exact_utc: string;
  /** transiting body retrograde at perfection */
  retrograde: boolean;
}

/**
 * The transit-window report's view of a search: every exact transit of the Sun to Pluto to the
 * natal points between two instants as one event per perfection (a retrograde loop gives three),
 * plus stations and ingresses. The instants come from `searchTransits`, the one search of the platform.
 */
export function transitsInWindow(
  natalPoints: NatalPoint[],
  from: Date,
  to: Date,
  ephemerisPath: string,
): { transits: TransitEvent[]; stations: Station[]; ingresses: Ingress[] } {
  const found = searchTransits({ natalPoints, from, to }, ephemerisPath);
  const transits = found.transits
    .flatMap((t) =>
      t.perfections.map((p) => ({
        transiting: t.transiting,
        aspect: t.aspect,
        natal_point: t.natal_point,
        exact_utc: p.utc,
        retrograde: p.retrograde,
      })),
    )
    .sort((x, y) => (x.exact_utc < y.exact_utc ? -1 : x.exact_utc > y.exact_utc ? 1 : 0));
  return { transits, stations: found.stations, ingresses: found.ingresses };
}
