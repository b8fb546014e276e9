import { signedArc } from './crossings';
import { bodyAt } from './planets';

const MS_PER_DAY = 86_400_000;
const UNIX_EPOCH_JD = 2440587.5;
const MEAN_SUN_DEGREES_PER_DAY = 360 / 365.2422;

/**
 * The twelve "jeol" (節) terms, in calendar order within a civil year: the Sun's tropical
 * longitude at which each East Asian solar month begins (Sohan 285° about 6 January … Daeseol
 * 255° about 7 December). Ipchun (315°) starts the sexagenary year.
 */
export const JEOL_TERM_LONGITUDES = [285, 315, 345, 15, 45, 75, 105, 135, 165, 195, 225, 255] as const;

/**
 * The instant (Julian day UT) at which the Sun's apparent tropical longitude equals `target`,
 * searched from `guessJd` by Newton steps on the ephemeris position and speed. The Sun never
 * stations, so this converges in a few steps (to about 1 ms) from a guess within a few days,
 * which keeps a year of terms to a few dozen ephemeris calls instead of a scan.
 */
export function sunLongitudeInstant(target: number, guessJd: number, ephemerisPath: string): number {
  let jd = guessJd;
  for (let i = 0; i < 12; i++) {
    const sun = bodyAt(jd, 'Sun', ephemerisPath);
    const step = signedArc(sun.longitude, target) / sun.speed;
    jd -= step;
    if (Math.abs(step) < 1e-8) break;
  }
  return jd;
}

/** The twelve jeol-term instants (Julian day UT) of a civil year, in chronological order. */
export function jeolTermsOfYear(year: number, ephemerisPath: string): { longitude: number; jdUt: number }[] {
  const januaryFirstJd = Date.UTC(year, 0, 1) / MS_PER_DAY + UNIX_EPOCH_JD;
  // The Sun stands near 280° on 1 January; the mean motion gives a guess within about two days.
  return JEOL_TERM_LONGITUDES.map((longitude) => {
    const guess = januaryFirstJd + ((longitude - 280 + 360) % 360) / MEAN_SUN_DEGREES_PER_DAY;
    return { longitude, jdUt: sunLongitudeInstant(longitude, guess, ephemerisPath) };
  });
}
