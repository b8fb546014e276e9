import * as os from 'node:os';
import { loadConfig } from '@astro/config';
import { chartImage, chartWheelSvg, synastryReading } from '@astro/rendering';
import {
  compositeChart,
  interpretNatalChart,
  natalChart,
  natalPointsOf,
  searchTransits,
  synastryCharts,
  synastryResponse,
} from '@astro/western';
import { meteredAgainstBare, natalChartRequest, randomInstant } from './http-load';
import { printTimings, timeInProcess, timeInProcessAsync } from './in-process';

const ephemerisPath = loadConfig().ephemerisPath;
/** A birth's place and clock for the in-process charts. */
const randomPlace = () => ({
  latitude: Math.random() * 120 - 60,
  longitude: Math.random() * 360 - 180,
  offsetSeconds: 0,
  timezone: null,
});

/** In-process natal and composite timings, then POST /v1/natal-chart over HTTP against the bare baseline. */
export default async function benchWestern(): Promise<void> {
  const instants = Array.from({ length: 4_000 }, randomInstant);
  const places = Array.from({ length: 4_000 }, randomPlace);
  const natal = timeInProcess('natal chart, no interpretation', (i) =>
    natalChart({ birth: { instant: instants[i % 4_000], ...places[i % 4_000] }, houseSystem: 'P' }, ephemerisPath),
  );
  const charts = instants
    .slice(0, 100)
    .map((instant, i) => natalChart({ birth: { instant, ...places[i] }, houseSystem: 'P' }, ephemerisPath).chart);
  const interpretation = timeInProcess('interpretation (en, professional)', (i) =>
    interpretNatalChart(charts[i % 100], { language: 'en', voice: { tone: 'professional', audience: 'consumer', safety_mode: 'default' } }),
  );
  const composite = timeInProcess(
    'composite chart with 30 transit days',
    (i) =>
      compositeChart({ instant: instants[i], ...places[i] }, { instant: instants[i + 1], ...places[i + 1] }, 'P', {
        ephemerisPath,
        fromDate: new Date(),
      }),
    50,
    5,
  );
  // The heavier Western endpoints (targets in docs/benchmarks.md): a year of transits, a chart PNG, synastry JSON (each on a different birth per run).
  const YEAR = 365.25 * 86_400_000;
  const transits = timeInProcess(
    'transit search, 1 year, Sun–Pluto × 14 natal points × 5 aspects',
    (i) => {
      const birth = { instant: instants[i % 4_000], ...places[i % 4_000] };
      const from = new Date(Date.UTC(2026, 0, 1) + (i % 50) * 86_400_000);
      return searchTransits(
        {
          natalPoints: natalPointsOf(birth, 'P', ephemerisPath),
          from,
          to: new Date(from.getTime() + YEAR),
          bodies: ['Sun', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'],
        },
        ephemerisPath,
      );
    },
    60,
    5,
  );
  const wheels = charts.map((c) => ({
    ascendant: c.angles.ascendant,
    cusps: c.houses.map((h) => h.cusp),
    inner: c.planets,
    color: '#4b2e83',
  }));
  const png = await timeInProcessAsync('chart PNG 1200 wide (warm)', (i) => chartImage('png', wheels[i % 100]), 100, 10);
  const svg = timeInProcess('chart SVG', (i) => chartWheelSvg(wheels[i % 100]), 2_000, 100);
  const synastry = timeInProcess('synastry JSON (both charts, aspects, overlays, score, en snippets)', (i) => {
    const people = {
      a: { name: 'A', instant: instants[i % 4_000], ...places[i % 4_000] },
      b: { name: 'B', instant: instants[(i + 1) % 4_000], ...places[(i + 1) % 4_000] },
    };
    const pair = synastryCharts(people.a, people.b, 'P', ephemerisPath);
    return synastryResponse(people, pair, { locale: 'en', interpretation: synastryReading(people, pair, 'en') });
  });
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  printTimings('western in-process', [natal, interpretation, composite, transits, png, svg, synastry], {
    'natal chart, no interpretation': 0.3,
    'transit search, 1 year, Sun–Pluto × 14 natal points × 5 aspects': 50,
    'chart PNG 1200 wide (warm)': 100,
    'synastry JSON (both charts, aspects, overlays, score, en snippets)': 2,
  });

  await meteredAgainstBare('POST /v1/natal-chart', natalChartRequest);
}
