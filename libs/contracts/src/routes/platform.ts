import { HealthResponse } from '../health';
import { PricingResponse } from '../pricing';
import type { RouteSpec } from './route-spec';

/** Routes of the `Platform` tag. */
export const platformRoutes = {
  health: {
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    tag: 'Platform',
    summary: 'Readiness: database and Temporal reachable',
    description: 'Answers 200 when both dependencies answer, else 503 with the error body and `checks` naming the one that is down.',
    auth: 'none',
    success: { status: 200, description: 'both dependencies are reachable', schema: HealthResponse },
    errors: [503],
  },
  pricing: {
    operationId: 'getPricing',
    method: 'GET',
    path: '/v1/pricing',
    tag: 'Platform',
    summary: 'Credit price of every chargeable operation',
    auth: 'none',
    success: { status: 200, description: 'the price table', schema: PricingResponse },
    errors: [],
  },
} as const satisfies Record<string, RouteSpec>;
