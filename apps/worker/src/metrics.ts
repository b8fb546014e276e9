import * as http from 'node:http';
import * as net from 'node:net';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { Registry } from 'prom-client';
import { PrometheusMetrics } from '@astro/metrics';
import { descendantsMemory, ProcessTreeMemory } from './child-processes';

/** Webhook attempt buckets in seconds: receivers answer in milliseconds, the request timeout is 10 s. */
const WEBHOOK_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The worker process's own Prometheus metrics: job transitions, refunds and webhook attempts as
 * this worker made them. One registry per worker (tests run several workers in one process).
 * A transition is counted when its activity returns; an activity retried after its commit (the
 * database answered, the worker did not hear) counts it twice, which is rare and errs upwards.
 */
export class WorkerMetrics extends PrometheusMetrics {
  readonly jobsStarted = this.counter('astro_jobs_started_total', 'Jobs that started running on this worker, by kind', 'kind');
  readonly jobStages = this.counter('astro_job_stages_total', 'Stages entered by running jobs, by kind and stage', 'kind', 'stage');
  readonly jobsFinished = this.counter(
    'astro_jobs_finished_total',
    'Jobs finished on this worker, by kind, status (succeeded, failed) and the stage they were in',
    'kind',
    'status',
    'stage',
  );
  readonly creditsRefunded = this.counter(
    'astro_credits_refunded_total',
    'Credits refunded for failed jobs by this worker, by the operation they were charged for',
    'operation',
  );
  readonly webhookAttempts = this.counter(
    'astro_webhook_attempts_total',
    'Webhook delivery attempts, by outcome (succeeded; failed: another attempt follows; exhausted: none follows)',
    'outcome',
  );
  readonly webhookDuration = this.histogram(
    'astro_webhook_attempt_duration_seconds',
    'Time of one webhook POST until the receiver answered or the attempt failed, by outcome',
    WEBHOOK_BUCKETS,
    'outcome',
  );

  constructor(options: { processMetrics?: boolean } = {}) {
    super({ processMetrics: options.processMetrics ?? true });
  }

  /**
   * The renderer's gauges: PDFs printing and waiting, its limit, and the memory of the worker's
   * child processes (its Chromium). One /proc walk serves the three memory gauges of a scrape.
   */
  observeRenderer(renderer: { maxJobs: number; load: { printing: number; waiting: number } }): void {
    this.gauge('astro_renderer_printing', 'PDFs printing now, each in a fresh browser context', () => renderer.load.printing);
    this.gauge('astro_renderer_waiting', 'Render activities waiting for a free printing slot', () => renderer.load.waiting);
    this.gauge('astro_renderer_slots', 'How many PDFs the renderer prints at once (RENDER_CONCURRENCY)', () => renderer.maxJobs);
    let reading: { at: number; memory: Promise<ProcessTreeMemory> } | null = null;
    const memory = () => {
      if (!reading || Date.now() - reading.at > 500) reading = { at: Date.now(), memory: descendantsMemory() };
      return reading.memory;
    };
    for (const [name, help, value] of PROCESS_TREE_GAUGES) this.gauge(name, help, async () => value(await memory()));
    this.cumulativeCounter(
      'astro_renderer_cpu_seconds_total',
      "CPU seconds used by the worker's child processes, with the renderers they have reaped (a rate gives the cores Chromium takes)",
      async () => (await memory()).cpuSeconds,
    );
  }
}

/** The gauges of the worker's child processes (Chromium), each read from one walk of their memory. */
const PROCESS_TREE_GAUGES: [name: string, help: string, value: (memory: ProcessTreeMemory) => number][] = [
  ['astro_renderer_processes', "The worker's child processes (Chromium: browser, helpers, one per open context)", (m) => m.processes],
  [
    'astro_renderer_resident_memory_bytes',
    "Sum of the resident sets of the worker's child processes (shared pages counted in each)",
    (m) => m.rssBytes,
  ],
  [
    'astro_renderer_proportional_memory_bytes',
    "Sum of the proportional sets of the worker's child processes (shared pages divided among them)",
    (m) => m.pssBytes,
  ],
];

/** A port nobody listens on now, on 127.0.0.1 (for a configured port of 0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Installs the process's Temporal runtime (once per process, before any worker) with the SDK's
 * Prometheus exporter on 127.0.0.1:`port` (0: a free port, so test files sharing a process never
 * collide). Answers the address its samples are read from.
 */
export async function installTemporalRuntime(options: {
  port: number;
  logLevel?: 'ERROR' | 'WARN' | 'INFO';
  shutdownSignals?: NodeJS.Signals[];
}): Promise<string> {
  const port = options.port === 0 ? await freePort() : options.port;
  const bindAddress = `127.0.0.1:${port}`;
  Runtime.install({
    ...(options.logLevel ? { logger: new DefaultLogger(options.logLevel) } : {}),
    ...(options.shutdownSignals ? { shutdownSignals: options.shutdownSignals } : {}),
    // Prometheus conventions: durations in seconds named `_seconds` (unitSuffix), counters ending in `_total`.
    telemetryOptions: {
      metrics: { prometheus: { bindAddress, countersTotalSuffix: true, unitSuffix: true, useSecondsForDurations: true } },
    },
  });
  return `http://${bindAddress}/metrics`;
}

/**
 * A Temporal SDK metric name as Prometheus conventions want it: the SDK appends `_total` to every
 * counter, also to one whose own name has `total` inside or at its end
 * (`temporal_sticky_cache_total_forced_eviction` becomes `…_total_forced_eviction_total`,
 * `temporal_local_activity_total` becomes `…_total_total`), so a `_total` before the end is dropped:
 * `temporal_sticky_cache_forced_eviction_total`, `temporal_local_activity_total`. Names are renamed
 * on HELP, TYPE and sample lines alike.
 */
export function conventionalSdkMetrics(exposition: string): string {
  return exposition.replace(/\b(temporal_[a-zA-Z0-9_:]*?)_total_((?:[a-zA-Z0-9_:]*_)?total)\b/g, '$1_$2');
}

async function temporalSamples(url: string | undefined): Promise<string> {
  if (!url) return '';
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok
      ? conventionalSdkMetrics(await response.text())
      : `# Temporal runtime metrics unavailable: HTTP ${response.status}\n`;
  } catch (err) {
    return `# Temporal runtime metrics unavailable: ${(err as Error).message}\n`;
  }
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The worker's `GET /metrics`: its own registry, then the Temporal SDK runtime's samples (task
 * slots, poll latencies, workflow and activity counts, all prefixed `temporal_`) read from the
 * runtime exporter, so Prometheus scrapes one port. Bound to `host` (127.0.0.1 by default): the
 * endpoint has no credential.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  registry: Registry;
  temporalMetricsUrl?: string;
}): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    void (async () => {
      try {
        const body = `${await options.registry.metrics()}\n${await temporalSamples(options.temporalMetricsUrl)}`;
        response.writeHead(200, { 'Content-Type': options.registry.contentType }).end(body);
      } catch (err) {
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics failed: ${(err as Error).message}\n`);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
