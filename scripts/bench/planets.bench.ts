import {
  assertEveryServedRequestCharged, benchmarkAccount, CONNECTIONS, drive, DURATION_SECONDS, figuresTable, machineLine,
  randomInstant, requireRunningApi, startBarePlanetsServer,
} from './http-load';

const planetsRequest = () => ({ method: 'GET' as const, path: `/v1/planets?dt=${randomInstant().toISOString()}` });

/** HTTP throughput of GET /v1/planets through the full API, against a bare Fastify route. */
export default async function benchPlanets(): Promise<void> {
  const apiUrl = await requireRunningApi();
  const account = await benchmarkAccount();
  const before = await account.chargeCount();
  const api = await drive('API (auth, rate limit, validation, ledger charge)', apiUrl, { Authorization: `Bearer ${account.apiKey}` }, planetsRequest);
  const charged = (await account.chargeCount()) - before;
  await account.close();

  const bare = await startBarePlanetsServer();
  const baseline = await drive('bare Fastify route (same ephemeris work only)', bare.url, {}, planetsRequest).finally(bare.stop);

  console.log(`
planets benchmark, ${machineLine()}
${CONNECTIONS} connections, ${DURATION_SECONDS} s each; every API request authenticated and charged (${charged} CreditsCharged events for ${api.total} requests)

${figuresTable([['API GET /v1/planets', api], ['bare Fastify, same computation', baseline]])}

API / bare throughput ratio: ${(api.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}
target: ≥ 1500 req/s and p99 < 50 ms for the API → ${api.requestsPerSecond >= 1500 && api.p99 < 50 ? 'met' : 'NOT met'}`);
  assertEveryServedRequestCharged(api, charged);
}
