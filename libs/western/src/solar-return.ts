import { Birth, HouseSystem } from '@astro/ephemeris';
import { natalChart, NatalChartResult } from './natal';
import { returnChart, solarReturnOfYear } from './returns';

/** The solar return of a year and its chart at the birth place, as the solar-return report shows it. */
export function solarReturn(
  birth: Birth,
  targetYear: number,
  houseSystem: HouseSystem,
  ephemerisPath: string,
): {
  instant: Date;
  natal: NatalChartResult;
  chart: NatalChartResult;
  angular: string[];
  houseEmphasis: { house: number; planets: string[] }[];
} {
  const natal = natalChart({ birth, houseSystem }, ephemerisPath);
  const r = returnChart(
    solarReturnOfYear(birth.instant, birth.offsetSeconds, targetYear, ephemerisPath),
    birth,
    houseSystem,
    ephemerisPath,
  );
  return { instant: r.instant, natal, chart: r.chart, angular: r.angular, houseEmphasis: r.houseEmphasis };
}
