import { z } from 'zod';
import { ReconciliationQuery, ReconciliationReport } from './schemas';
import { ok, routesWith } from '../shared/route-spec';

/** Routes of the `Admin` tag: operator keys only (ok_live_…, issued by the CLI), never customer keys. */
export const adminRoutes = routesWith({ tag: 'Admin', method: 'GET', auth: 'operator' })({
  adminFinanceReconciliation: {
    operationId: 'getFinanceReconciliation',
    path: '/v1/admin/finance/reconciliation',
    summary: 'Admin: reconciliation of grants, charges, refunds and jobs, with the finance invariants',
    description:
      'Folds the event log (never the projections) up to `to`; totals count the events in [from, to). The same report as ' +
      '`npm run cli -- finance:reconcile --format json`. Operator credential only.',
    query: ReconciliationQuery,
    success: ok('the reconciliation report', ReconciliationReport),
  },
  metrics: {
    operationId: 'getMetrics',
    path: '/metrics',
    summary: 'Admin: Prometheus metrics of this API replica',
    description:
      'The Prometheus text exposition format (0.0.4): HTTP requests by method, route template and status with a latency ' +
      'histogram, credits charged by operation, jobs queued by kind and jobs queued or running now by kind and stage, ' +
      'rate-limit refusals by tier, the size and duration of the group-committed charge flushes, and the Node.js process. Operator credential only (scrape with ' +
      '`authorization: { credentials_file: … }`); free and not rate limited. The worker serves its own on WORKER_METRICS_PORT ' +
      '(docs/operations.md).',
    success: { status: 200, description: 'the metrics, one sample a line', schema: z.string(), contentType: 'text/plain' },
  },
});
