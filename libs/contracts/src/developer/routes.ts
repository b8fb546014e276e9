import { CreditEstimateRequest, CreditEstimateResponse, PreflightRequest, PreflightResponse } from './schemas';
import { ok, routesWith } from '../shared/route-spec';

/** Routes of the `Developer workflow` tag: free of charge, rate limited like every API-key route. */
export const developerRoutes = routesWith({ tag: 'Developer workflow', method: 'POST', auth: 'api_key' })({
  developerPreflight: {
    path: '/api/v3/developer/preflight',
    summary: 'Preflight a list of operations: entitlement, price, balance, rate-limit headroom and a dry-run validation of each body',
    description:
      'For each operation: whether the tier of this key is entitled, its price, and, when a body (or query and path) is given, the ' +
      'validation result the real endpoint would answer, word for word: a dry run, nothing is computed or charged. Checks that ' +
      'only the calculation itself can make (e.g. a chart with no sunrise at a polar latitude) are not foreseen. Free of charge.',
    body: PreflightRequest,
    success: ok('the preflight of each operation', PreflightResponse),
  },
  developerCreditEstimates: {
    path: '/api/v3/developer/credit-estimates',
    summary: 'Credits of a planned workload (operations × counts), the balance after it and the tier it needs',
    description: 'Free of charge.',
    body: CreditEstimateRequest,
    success: ok('the estimate', CreditEstimateResponse),
  },
});
