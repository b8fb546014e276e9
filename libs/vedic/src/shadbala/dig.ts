import { arcBetween, Graha } from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';

/**
 * Dig Bala (BPHS 27.17–18): 60 at the point of directional strength, 0 opposite it; a third of the
 * arc from the powerless point. Sun and Mars are strong on the Midheaven (powerless at the Nadir),
 * Jupiter and Mercury on the Ascendant, Saturn on the Descendant, Moon and Venus on the Nadir.
 */
export function powerlessPoint(graha: Graha, chart: NatalChart): number {
  switch (graha) {
    case 'Sun':
    case 'Mars':
      return chart.midheaven + 180;
    case 'Jupiter':
    case 'Mercury':
      return chart.ascendant + 180;
    case 'Saturn':
      return chart.ascendant;
    case 'Moon':
    case 'Venus':
      return chart.midheaven;
  }
}

export function digBala(chart: NatalChart, graha: Graha): number {
  return arcBetween(chart.grahas[graha].longitude, powerlessPoint(graha, chart)) / 3;
}
