import { Gauge } from 'prom-client';
import { Logger } from '@nestjs/common';
import type { UnfinishedJobCount } from '@astro/jobs';
import { PrometheusMetrics } from '@astro/metrics';

const logger = new Logger('metrics');

/** Latency buckets in seconds: sub-millisecond cached answers up to a slow report queueing. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API replica's Prometheus metrics (`GET /metrics`, operator key). One registry per API
 * instance (tests run several in one process). Counters count what this replica did; the jobs
 * gauge is read from the database at each scrape, so it is the same on every replica.
 */
export class ApiMetrics extends PrometheusMetrics {
  readonly httpRequests = this.counter(
    'astro_http_requests_total',
    'HTTP requests answered, by method, route template and status',
    'method',
    'route',
    'status',
  );
  readonly httpDuration = this.histogram(
    'astro_http_request_duration_seconds',
    'Time to answer an HTTP request, by method, route template and status',
    HTTP_BUCKETS,
    'method',
    'route',
    'status',
  );
  readonly creditsCharged = this.counter(
    'astro_credits_charged_total',
    'Credits charged by this replica, by priced operation (synchronous calculations and queued jobs)',
    'operation',
  );
  readonly jobsQueued = this.counter('astro_jobs_queued_total', 'Jobs queued (charged and started) by this replica, by kind', 'kind');
  readonly rateLimitRefusals = this.counter(
    'astro_rate_limit_refusals_total',
    'Requests refused with 429 by the per-tier rate limit, by tier',
    'tier',
  );

  readonly chargeBatchSize = this.histogram(
    'astro_charge_batch_size',
    'Charges written by one group-committed flush (ADR 0004)',
    [1, 2, 5, 10, 20, 50, 100, 200, 500],
  );
  readonly chargeFlushDuration = this.histogram(
    'astro_charge_flush_duration_seconds',
    'Time of one group-committed flush, from the statement sent to its commit returned (ADR 0004)',
    [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  );

  constructor(countUnfinishedJobs: () => Promise<UnfinishedJobCount[]>) {
    super({ processMetrics: true });
    new Gauge({
      name: 'astro_jobs',
      help: 'Jobs queued or running now, by kind, status and stage (read from the database at each scrape)',
      labelNames: ['kind', 'status', 'stage'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const row of await countUnfinishedJobs()) this.set({ kind: row.kind, status: row.status, stage: row.stage }, row.count);
        } catch (err) {
          // A scrape while the database is down still answers the process's own counters.
          logger.warn(`astro_jobs not collected: ${(err as Error).message}`);
        }
      },
    });
  }

  /** One committed charge flush of this replica's ChargeBatcher. */
  observeChargeFlush(charges: number, seconds: number): void {
    this.chargeBatchSize.observe(charges);
    this.chargeFlushDuration.observe(seconds);
  }

  private readonly openApiPaths = new Map<string, string>();

  /** `/api/v3/jobs/:job_id` as `/api/v3/jobs/{job_id}`, once per route template (every answer asks). */
  private openApiPath(routeTemplate: string): string {
    let path = this.openApiPaths.get(routeTemplate);
    if (path === undefined) {
      path = routeTemplate.replace(/:(\w+)/g, '{$1}');
      this.openApiPaths.set(routeTemplate, path);
    }
    return path;
  }

  /** One answered request; `route` is Fastify's template (`/api/v3/jobs/:job_id`), written as OpenAPI's `{job_id}`. */
  observeRequest(method: string, routeTemplate: string | undefined, status: number, seconds: number): void {
    const labels = { method, route: routeTemplate ? this.openApiPath(routeTemplate) : 'unmatched', status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }
}
