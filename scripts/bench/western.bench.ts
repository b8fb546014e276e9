import { loadConfig } from '@astro/config';
import { compositeChart, interpretNatalChart, natalChart } from '@astro/western';
import {
  assertEveryServedRequestCharged, benchmarkAccount, CONNECTIONS, drive, DURATION_SECONDS, figuresTable, machineLine,
  randomInstant, requireRunningApi, startBarePlanetsServer,
} from './http-load';
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

  const apiUrl = await requireRunningApi();
  const account = await benchmarkAccount();
  const before = await account.chargeCount();
  const natalRequest = () => ({
    method: 'POST' as const,
    path: '/v1/natal-chart',
    body: JSON.stringify({ birth_datetime: randomInstant().toISOString(), ...randomPlace(), house_system: 'P' }),
  });
  const api = await drive('API POST /v1/natal-chart (auth, validation, ledger charge)', apiUrl, { Authorization: `Bearer ${account.apiKey}` }, natalRequest);
  const charged = (await account.chargeCount()) - before;
  await account.close();
  const bare = await startBarePlanetsServer();
  const planetsRequest = () => ({ method: 'GET' as const, path: `/v1/planets?dt=${randomInstant().toISOString()}` });
  const baseline = await drive('bare Fastify planets route (the foundation baseline)', bare.url, {}, planetsRequest).finally(bare.stop);

  console.log(`
natal-chart HTTP benchmark, ${machineLine()}
${CONNECTIONS} connections, ${DURATION_SECONDS} s each; ${charged} CreditsCharged events for ${api.total} requests

${figuresTable([['API POST /v1/natal-chart', api], ['bare Fastify planets route', baseline]])}

API / bare throughput ratio: ${(api.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}
target: ≥ 1500 req/s → ${api.requestsPerSecond >= 1500 ? 'met' : 'NOT met'}`);
  assertEveryServedRequestCharged(api, charged);
}
