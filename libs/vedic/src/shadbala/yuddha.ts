import { arcBetween, Graha } from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';

/** Only the five star planets can be at war (the luminaries never are). */
const STAR_PLANETS: Graha[] = ['Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn'];
/** Apparent disc diameters in arc-seconds used by the war rule (BPHS 27.32–34 as V. P. Jain applies it). */
export const DISC_DIAMETER: Partial<Record<Graha, number>> = { Mars: 9.4, Mercury: 6.6, Jupiter: 190.4, Venus: 16.6, Saturn: 158.0 };
export const WAR_ORB_DEG = 1;

export interface War {
  planets: [Graha, Graha];
  separation_deg: number;
  winner: Graha;
  loser: Graha;
  /** Sthana + dig + kala (before ayana) of each planet: the "tri bala" compared. */
  tri_bala_virupa: Record<string, number>;
  disc_difference_arcsec: number;
  yuddha_virupa: number;
}

/**
 * Graha yuddha: two star planets within 1° of longitude are at war. The difference of their tri
 * bala (sthana, dig and kala up to hora, i.e. before ayana) divided by the difference of their disc
 * diameters is added to the winner and taken from the loser. The winner is the planet further north
 * in ecliptic latitude (Surya Siddhanta 7.18–23).
 */
export function planetaryWars(chart: NatalChart, triBala: (g: Graha) => number): War[] {
  const wars: War[] = [];
  for (let i = 0; i < STAR_PLANETS.length; i++) {
    for (let j = i + 1; j < STAR_PLANETS.length; j++) {
      const [a, b] = [STAR_PLANETS[i], STAR_PLANETS[j]];
      const separation = arcBetween(chart.grahas[a].longitude, chart.grahas[b].longitude);
      if (separation > WAR_ORB_DEG) continue;
      const [winner, loser] = chart.grahas[a].latitude >= chart.grahas[b].latitude ? [a, b] : [b, a];
      const disc = Math.abs(DISC_DIAMETER[a]! - DISC_DIAMETER[b]!);
      const scores = { [a]: triBala(a), [b]: triBala(b) };
      wars.push({
        planets: [a, b],
        separation_deg: separation,
        winner,
        loser,
        tri_bala_virupa: scores,
        disc_difference_arcsec: disc,
        yuddha_virupa: Math.abs(scores[a] - scores[b]) / disc,
      });
    }
  }
  return wars;
}
