import { z } from 'zod';
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
  metrics: {
    operationId: 'getMetrics',
    method: 'GET',
    path: '/metrics',
    tag: 'Admin',
    summary: 'Admin: Prometheus metrics of this API replica',
    description:
      'The Prometheus text exposition format (0.0.4): HTTP requests by method, route template and status with a latency ' +
      'histogram, credits charged by operation, jobs queued by kind and jobs queued or running now by kind and stage, ' +
      'rate-limit refusals by tier, and the Node.js process. Operator credential only (scrape with ' +
      '`authorization: { credentials_file: … }`); free and not rate limited. The worker serves its own on WORKER_METRICS_PORT ' +
      '(docs/operations.md).',
    auth: 'operator',
    success: { status: 200, description: 'the metrics, one sample a line', schema: z.string(), contentType: 'text/plain' },
    errors: [401, 503],
  },
} as const satisfies Record<string, RouteSpec>;
