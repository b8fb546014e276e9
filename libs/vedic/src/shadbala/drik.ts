import { Graha, GRAHAS, normalize360 } from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';
import { Classifications, Nature, natureOf } from './classifications';

/**
 * Parashari drishti value (virupa, 0–60) of an aspecting planet on a point `angle` degrees ahead
 * of it (BPHS 26): the piecewise rule, plus the special full aspects of Mars (4th and 8th: +15),
 * Jupiter (5th and 9th: +30) and Saturn (3rd and 10th: +45).
 */
export function drishtiValue(aspecting: Graha, angle: number): number {
  const a = normalize360(angle);
  if (a < 30 || a >= 300) return 0;
  if (a < 60) return (a - 30) / 2;
  if (a < 90) return a - 60 + 15 + (aspecting === 'Saturn' ? 45 : 0);
  if (a < 120) return (120 - a) / 2 + 30 + (aspecting === 'Mars' ? 15 : 0);
  if (a < 150) return 150 - a + (aspecting === 'Jupiter' ? 30 : 0);
  if (a < 180) return 2 * (a - 150);
  let value = (300 - a) / 2;
  if (aspecting === 'Mars' && a >= 210 && a < 240) value += 15;
  if (aspecting === 'Jupiter' && a >= 240 && a < 270) value += 30;
  if (aspecting === 'Saturn' && a >= 270) value += 45;
  return value;
}

export interface DrikEntry {
  planet: Graha;
  aspects: { from: Graha; nature: Nature; angle_deg: number; drishti_virupa: number }[];
  benefic_sum_virupa: number;
  malefic_sum_virupa: number;
  drik_virupa: number;
}

/** Drik Bala: (sum of benefic drishti − sum of malefic drishti) / 4, the "drishti pinda" (BPHS 27.27–28). */
export function drikBala(chart: NatalChart, classes: Classifications): Record<Graha, DrikEntry> {
  const result = {} as Record<Graha, DrikEntry>;
  for (const planet of GRAHAS) {
    const aspects = GRAHAS.filter((g) => g !== planet).map((from) => {
      const angle = normalize360(chart.grahas[planet].longitude - chart.grahas[from].longitude);
      return { from, nature: natureOf(from, classes, 'drik'), angle_deg: angle, drishti_virupa: drishtiValue(from, angle) };
    });
    const sum = (n: Nature) => aspects.filter((x) => x.nature === n).reduce((s, x) => s + x.drishti_virupa, 0);
    const benefic = sum('benefic');
    const malefic = sum('malefic');
    result[planet] = { planet, aspects, benefic_sum_virupa: benefic, malefic_sum_virupa: malefic, drik_virupa: (benefic - malefic) / 4 };
  }
  return result;
}
