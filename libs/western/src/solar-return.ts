import { bodyAt, HouseSystem, instantFromJulianDayUt, julianDayUt, nextLongitudeCrossing } from '@astro/ephemeris';
import { natalChart, NatalChartResult } from './natal';

/**
 * The solar return of a year: the instant the Sun comes back to its natal longitude (bisection on
 * the ephemeris, to well under a second), and the chart cast for it at the birth place.
 */
export function solarReturn(
  birth: { instant: Date; latitude: number; longitude: number },
  targetYear: number,
  houseSystem: HouseSystem,
  ephemerisPath: string,
): { instant: Date; natal: NatalChartResult; chart: NatalChartResult; angular: string[]; houseEmphasis: { house: number; planets: string[] }[] } {
  const natal = natalChart({ ...birth, houseSystem }, ephemerisPath);
  const natalSun = bodyAt(julianDayUt(birth.instant), 'Sun', ephemerisPath).longitude;
  // Start a few days before the birthday: the return can fall a day either side of it.
  const search = Date.UTC(targetYear, birth.instant.getUTCMonth(), birth.instant.getUTCDate()) - 4 * 86_400_000;
  const jd = nextLongitudeCrossing('Sun', natalSun, julianDayUt(new Date(search)), ephemerisPath, { withinDays: 10 });
  if (jd === null) throw new Error(`no solar return found in ${targetYear}`);
  const instant = instantFromJulianDayUt(jd);
  const chart = natalChart({ instant, latitude: birth.latitude, longitude: birth.longitude, houseSystem }, ephemerisPath);
  const planets = chart.chart.planets.filter((p) => !['North Node', 'Chiron'].includes(p.name));
  const angular = planets.filter((p) => [1, 4, 7, 10].includes(p.house)).map((p) => p.name);
  const houseEmphasis = Array.from({ length: 12 }, (_, i) => ({ house: i + 1, planets: planets.filter((p) => p.house === i + 1).map((p) => p.name) }))
    .filter((h) => h.planets.length > 0)
    .sort((a, b) => b.planets.length - a.planets.length);
  return { instant, natal, chart, angular, houseEmphasis };
}
