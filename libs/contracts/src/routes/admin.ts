import { ReconciliationQuery, ReconciliationReport } from '../finance';
import { RouteSpec } from './route-spec';

/** Routes of the `Admin` tag: operator keys only (ok_live_…, issued by the CLI), never customer keys. */
export const adminRoutes = {
  adminFinanceReconciliation: {
    operationId: 'getFinanceReconciliation',
    method: 'GET',
    path: '/v1/admin/finance/reconciliation',
    tag: 'Admin',
    summary: 'Admin: reconciliation of grants, charges, refunds and jobs, with the finance invariants',
    description:
      'Folds the event log (never the projections) up to `to`; totals count the events in [from, to). The same report as ' +
      '`npm run cli -- finance:reconcile --format json`. Operator credential only.',
    auth: 'operator',
    query: ReconciliationQuery,
    success: { status: 200, description: 'the reconciliation report', schema: ReconciliationReport },
    errors: [400, 401, 503],
  },
} as const satisfies Record<string, RouteSpec>;
