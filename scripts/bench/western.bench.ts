import { loadConfig } from '@astro/config';
import { compositeChart, interpretNatalChart, natalChart } from '@astro/western';
import { meteredAgainstBare, randomInstant } from './http-load';
import { printTimings, timeInProcess } from './in-process';

const ephemerisPath = loadConfig().ephemerisPath;
const randomPlace = () => ({ latitude: Math.random() * 120 - 60, longitude: Math.random() * 360 - 180 });

/** In-process natal and composite timings, then POST /v1/natal-chart over HTTP against the bare baseline. */
export default async function benchWestern(): Promise<void> {
  const instants = Array.from({ length: 4_000 }, randomInstant);
  const places = Array.from({ length: 4_000 }, randomPlace);
  const natal = timeInProcess('natal chart, no interpretation', (i) =>
    natalChart({ instant: instants[i % 4_000], ...places[i % 4_000], houseSystem: 'P' }, ephemerisPath),
  );
  const charts = instants.slice(0, 100).map((instant, i) => natalChart({ instant, ...places[i], houseSystem: 'P' }, ephemerisPath).chart);
  const interpretation = timeInProcess('interpretation (en, professional)', (i) =>
    interpretNatalChart(charts[i % 100], { language: 'en', voice: { tone: 'professional', audience: 'consumer', safety_mode: 'default' } }),
  );
  const composite = timeInProcess(
    'composite chart with 30 transit days',
    (i) => compositeChart({ instant: instants[i], ...places[i] }, { instant: instants[i + 1], ...places[i + 1] }, 'P', { ephemerisPath, fromDate: new Date() }),
    50,
    5,
  );
  printTimings('western in-process', [natal, interpretation, composite], { 'natal chart, no interpretation': 0.3 });

  const natalRequest = () => ({
    method: 'POST' as const,
    path: '/v1/natal-chart',
    body: JSON.stringify({ birth_datetime: randomInstant().toISOString(), ...randomPlace(), house_system: 'P' }),
  });
  await meteredAgainstBare('POST /v1/natal-chart', natalRequest);
}
