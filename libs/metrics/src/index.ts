import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * A process's own Prometheus metrics on a registry of their own (one per API or worker instance:
 * tests run several in one process), declared one line each by the subclasses of the API and the
 * worker: `readonly jobsQueued = this.counter('astro_jobs_queued_total', 'Jobs queued …, by kind', 'kind')`.
 */
export abstract class PrometheusMetrics {
  readonly registry = new Registry();

  /** `processMetrics`: also Node.js's own (memory, event loop, GC), once per process that serves them. */
  constructor(options: { processMetrics: boolean }) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  protected counter<Label extends string>(name: string, help: string, ...labelNames: Label[]): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  protected histogram<Label extends string>(name: string, help: string, buckets: number[], ...labelNames: Label[]): Histogram<Label> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /** A gauge whose value is read when scraped (`read` may be asynchronous, e.g. from /proc). */
  protected gauge(name: string, help: string, read: () => number | Promise<number>): Gauge {
    return new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }
}
