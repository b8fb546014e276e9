import { meteredAgainstBare, planetsRequest } from './http-load';

/** HTTP throughput of GET /v1/planets through the full API (one account, 100 accounts) against a bare Fastify route. */
export default async function benchPlanets(): Promise<void> {
  await meteredAgainstBare('GET /v1/planets', planetsRequest);
}
