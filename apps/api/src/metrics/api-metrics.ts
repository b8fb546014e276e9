import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Logger } from '@nestjs/common';
import type { UnfinishedJobCount } from '@astro/jobs';

const logger = new Logger('metrics');

/** Latency buckets in seconds: sub-millisecond cached answers up to a slow report queueing. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API replica's Prometheus metrics (`GET /metrics`, operator key). One registry per API
 * instance (tests run several in one process). Counters count what this replica did; the jobs
 * gauge is read from the database at each scrape, so it is the same on every replica.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'astro_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'astro_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  readonly creditsCharged = new Counter({
    name: 'astro_credits_charged_total',
    help: 'Credits charged by this replica, by priced operation (synchronous calculations and queued jobs)',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });
  readonly jobsQueued = new Counter({
    name: 'astro_jobs_queued_total',
    help: 'Jobs queued (charged and started) by this replica, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: 'astro_rate_limit_refusals_total',
    help: 'Requests refused with 429 by the per-tier rate limit, by tier',
    labelNames: ['tier'] as const,
    registers: [this.registry],
  });

  constructor(countUnfinishedJobs: () => Promise<UnfinishedJobCount[]>) {
    collectDefaultMetrics({ register: this.registry });
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

  /** One answered request; `route` is Fastify's template (`/api/v3/jobs/:job_id`), written as OpenAPI's `{job_id}`. */
  observeRequest(method: string, routeTemplate: string | undefined, status: number, seconds: number): void {
    const labels = { method, route: routeTemplate ? routeTemplate.replace(/:(\w+)/g, '{$1}') : 'unmatched', status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }
}
