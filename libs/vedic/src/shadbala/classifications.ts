import { Graha, normalize360 } from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';

export type Nature = 'benefic' | 'malefic';

export interface Classifications {
  moon: Nature;
  mercury: { paksha: Nature; drik: Nature };
}

/** The Moon is benefic while waxing (Sukla paksha: 0–180° ahead of the Sun), malefic while waning. */
export function moonNature(chart: NatalChart): Nature {
  return normalize360(chart.grahas.Moon.longitude - chart.grahas.Sun.longitude) < 180 ? 'benefic' : 'malefic';
}

/** Natural benefic or malefic for one purpose: Jupiter and Venus benefic, Sun, Mars, Saturn malefic. */
export function natureOf(graha: Graha, classes: Classifications, purpose: 'paksha' | 'drik'): Nature {
  if (graha === 'Jupiter' || graha === 'Venus') return 'benefic';
  if (graha === 'Moon') return classes.moon;
  if (graha === 'Mercury') return classes.mercury[purpose];
  return 'malefic';
}
