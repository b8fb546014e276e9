import { Graha, arcBetween, normalize360 } from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';

/**
 * Cheshta Bala of Mars to Saturn by V. P. Jain's method: Surya Siddhanta mean longitudes counted
 * from the epoch 1900-01-01 0h at Ujjain (75°46′ E) with the book's corrections (bija), then the
 * cheshta kendra = sighrochcha − (true + mean)/2, reduced to 0–180°, divided by 3.
 */
const MAHAYUGA_DAYS = 1_577_917_828;
/** Revolutions in a Mahayuga (Surya Siddhanta 1.29–32); Mercury and Venus: their sighrochcha. */
const REVOLUTIONS = { Sun: 4_320_000, Mars: 2_296_832, Mercury: 17_937_060, Jupiter: 364_220, Venus: 7_022_376, Saturn: 146_568 };
type Moving = keyof typeof REVOLUTIONS;
/** Mean positions at the epoch, sidereal degrees (V. P. Jain's epoch table). */
const EPOCH_LONGITUDE: Record<Moving, number> = {
  Sun: 257.4568,
  Mars: 270.22,
  Mercury: 164.0,
  Jupiter: 220.04,
  Venus: 328.51,
  Saturn: 236.74,
};
/** The book's corrections, degrees, as a + b × (years since 1900). */
const CORRECTION: Record<Moving, [number, number]> = {
  Sun: [0, 0],
  Mars: [0, 0],
  Mercury: [6.67, -0.00133],
  Jupiter: [-3.3, -0.0067],
  Venus: [-5, -0.0001],
  Saturn: [5, 0.001],
};
const UJJAIN_LONGITUDE = 75 + 46 / 60;
/** 1900-01-01 00:00 Ujjain mean time, as a Julian day (UT). */
const EPOCH_JD = 2415020.5 - UJJAIN_LONGITUDE / 360;

export function meanLongitude(body: Moving, jdUt: number): number {
  const days = jdUt - EPOCH_JD;
  const years = days / 365.25;
  const [a, b] = CORRECTION[body];
  return normalize360(EPOCH_LONGITUDE[body] + (days * 360 * REVOLUTIONS[body]) / MAHAYUGA_DAYS + a + b * years);
}

export interface CheshtaDetail {
  mean: number;
  sighrochcha: number;
  kendra: number;
  value: number;
}

/** For Mars, Jupiter and Saturn the sighrochcha is the mean Sun; for Mercury and Venus it is their own, the mean being the Sun's. */
export function starPlanetCheshta(graha: Exclude<Graha, 'Sun' | 'Moon'>, chart: NatalChart): CheshtaDetail {
  const sun = meanLongitude('Sun', chart.jdUt);
  const own = meanLongitude(graha, chart.jdUt);
  const inner = graha === 'Mercury' || graha === 'Venus';
  const mean = inner ? sun : own;
  const sighrochcha = inner ? own : sun;
  const trueLongitude = chart.grahas[graha].longitude;
  // The midpoint of true and mean along the shorter arc, so a pair straddling 0° averages correctly.
  const d = normalize360(trueLongitude - mean);
  const average = normalize360(mean + (d > 180 ? d - 360 : d) / 2);
  const kendra = arcBetween(sighrochcha, average);
  return { mean, sighrochcha, kendra, value: kendra / 3 };
}
