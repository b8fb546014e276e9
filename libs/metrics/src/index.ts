import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * A process's own Prometheus metrics on a registry of their own (one per API or worker instance:
 * tests run several in one process), declared one line each by the subclasses of the API and the
 * worker: `readonly jobsQueued = this.counter('astro_jobs_queued_total', 'Jobs queued …, by kind', 'kind')`.
 */
export abstract class PrometheusMetrics {
  readonly registry = new Registry();

  /**
   * `processMetrics`: also Node.js's own (memory, event loop, GC), once per process that serves them.
   * prom-client adds `nodejs_active_{handles,requests,resources}_total`, gauges that only a counter's
   * name may end so; they are the sums of the by-type gauges beside them (`sum(nodejs_active_handles)`),
   * so they are left out.
   */
  constructor(options: { processMetrics: boolean }) {
    if (!options.processMetrics) return;
    collectDefaultMetrics({ register: this.registry });
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
      this.registry.removeSingleMetric(name);
    }
  }

  protected counter<Label extends string>(name: string, help: string, ...labelNames: Label[]): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  protected histogram<Label extends string>(name: string, help: string, buckets: number[], ...labelNames: Label[]): Histogram<Label> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /**
   * A counter of a cumulative amount read when scraped (CPU seconds from /proc): it grows by what the
   * amount grew since the last scrape, so it is a counter to Prometheus (rate() works) and never goes down.
   */
  protected cumulativeCounter(name: string, help: string, read: () => number | Promise<number>): Counter {
    let counted = 0;
    return new Counter({
      name,
      help,
      registers: [this.registry],
      async collect() {
        const total = await read();
        if (total > counted) {
          this.inc(total - counted);
          counted = total;
        }
      },
    });
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
