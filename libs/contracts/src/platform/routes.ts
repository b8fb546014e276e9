import { HealthResponse } from './health';
import { PricingResponse } from '../shared/pricing';
import { ok, routesWith } from '../shared/route-spec';

/** Routes of the `Platform` tag. */
export const platformRoutes = routesWith({ tag: 'Platform', method: 'GET', auth: 'none' })({
  health: {
    operationId: 'getHealth',
    path: '/health',
    summary: 'Readiness: database and Temporal reachable',
    description: 'Answers 200 when both dependencies answer, else 503 with the error body and `checks` naming the one that is down.',
    success: ok('both dependencies are reachable', HealthResponse),
    errors: [503],
  },
  pricing: {
    operationId: 'getPricing',
    path: '/v1/pricing',
    summary: 'Credit price of every chargeable operation',
    success: ok('the price table', PricingResponse),
  },
});
