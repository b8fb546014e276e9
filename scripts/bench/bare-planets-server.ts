import Fastify from 'fastify';
import { loadConfig } from '@astro/config';
import { planetsDocument } from '@astro/contracts';
import { planetPositions } from '@astro/ephemeris';

// The baseline of `npm run bench -- planets`: the same ephemeris work behind a bare Fastify route,
// without Nest, authentication, rate limiting, validation or metering.
const ephemerisPath = loadConfig().ephemerisPath;
const app = Fastify();
app.get('/v1/planets', async (request) => {
  const instant = new Date((request.query as { dt: string }).dt);
  return planetsDocument(instant, planetPositions(instant, ephemerisPath));
});
app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
