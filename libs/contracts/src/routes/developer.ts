import { CreditEstimateRequest, CreditEstimateResponse, PreflightRequest, PreflightResponse } from '../developer';
import { AUTH_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Developer workflow` tag: free of charge, rate limited like every API-key route. */
export const developerRoutes = {
  developerPreflight: {
    operationId: 'developerPreflight',
    method: 'POST',
    path: '/api/v3/developer/preflight',
    tag: 'Developer workflow',
    summary: 'Preflight a list of operations: entitlement, price, balance, rate-limit headroom and a dry-run validation of each body',
    description:
      'For each operation: whether the tier of this key is entitled, its price, and, when a body (or query and path) is given, the ' +
      'validation result the real endpoint would answer, word for word: a dry run, nothing is computed or charged. Checks that ' +
      'only the calculation itself can make (e.g. a chart with no sunrise at a polar latitude) are not foreseen. Free of charge.',
    auth: 'api_key',
    body: PreflightRequest,
    success: { status: 200, description: 'the preflight of each operation', schema: PreflightResponse },
    errors: [400, ...AUTH_ERRORS],
  },
  developerCreditEstimates: {
    operationId: 'developerCreditEstimates',
    method: 'POST',
    path: '/api/v3/developer/credit-estimates',
    tag: 'Developer workflow',
    summary: 'Credits of a planned workload (operations × counts), the balance after it and the tier it needs',
    description: 'Free of charge.',
    auth: 'api_key',
    body: CreditEstimateRequest,
    success: { status: 200, description: 'the estimate', schema: CreditEstimateResponse },
    errors: [400, ...AUTH_ERRORS],
  },
} as const satisfies Record<string, RouteSpec>;
