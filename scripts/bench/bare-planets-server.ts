import Fastify from 'fastify';
import { loadConfig } from '@astro/config';
import { planetsDocument } from '@astro/contracts';
import { birthAt, planetPositions } from '@astro/ephemeris';
import { natalChart, natalChartResponse } from '@astro/western';

// The baselines of `npm run bench -- planets` and `-- western`: the same computation behind bare
// Fastify routes, without Nest, authentication, rate limiting, validation or metering.
const ephemerisPath = loadConfig().ephemerisPath;
const app = Fastify();
app.get('/v1/planets', async (request) => {
  const instant = new Date((request.query as { dt: string }).dt);
  return planetsDocument(instant, planetPositions(instant, ephemerisPath));
});
app.post('/v1/natal-chart', async (request) => {
  const body = request.body as { birth_datetime: string; latitude: number; longitude: number; house_system: 'P' };
  const instant = new Date(body.birth_datetime);
  const computed = natalChart({ birth: birthAt(instant, body.latitude, body.longitude), houseSystem: body.house_system }, ephemerisPath);
  return natalChartResponse(instant, computed, { interpretation: null, image: null, warnings: computed.warnings });
});
// The benchmark reads the server's CPU time around each round: CPU per request is what the
// machine's other load changes least (throughput falls with every other process on the cores).
app.get('/cpu', async () => process.cpuUsage());
app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
