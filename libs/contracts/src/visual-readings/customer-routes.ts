import { VisualEconomics, VisualEconomicsQuery } from './schemas';
import { ok, routesWith } from '../shared/route-spec';

/** The tag of a customer's own visual-reading routes; its delivery subscriptions are in delivery/visual-reading-routes.ts. */
const TAG = 'Customer visual readings';

/** The economics route of the `Customer visual readings` tag. */
export const visualReadingEconomicsRoutes = routesWith({ tag: TAG, method: 'GET', auth: 'session' })({
  visualReadingEconomics: {
    operationId: 'getVisualReadingEconomics',
    path: '/v1/visual-readings/economics',
    summary:
      "Economics of the account's visual readings per family and sku: price, jobs, credits charged and refunded, refund rate, median time to result",
    description: 'Jobs queued in [from, to), at most 366 days; every family and sku is listed, with zeros. Free of charge.',
    query: VisualEconomicsQuery,
    success: ok('the economics of the period', VisualEconomics),
  },
});
