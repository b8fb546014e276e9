import * as os from 'node:os';

const GAUGES = [
  'astro_renderer_slots',
  'astro_renderer_printing',
  'astro_renderer_waiting',
  'astro_renderer_processes',
  'astro_renderer_resident_memory_bytes',
  'astro_renderer_proportional_memory_bytes',
  'process_resident_memory_bytes',
  'process_cpu_seconds_total',
  'astro_renderer_cpu_seconds',
] as const;
type Gauge = (typeof GAUGES)[number];

interface Sample {
  at: number;
  loadAverage: number;
  gauges: Partial<Record<Gauge, number>>;
}

/** One unlabelled sample's value from a Prometheus text exposition. */
function gauge(exposition: string, name: string): number | undefined {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(exposition);
  return match ? Number(match[1]) : undefined;
}

/**
 * Scrapes the worker's metrics endpoint every second (the renderer's slots, jobs printing and
 * waiting, the memory of its Chromium and of the worker itself) with the machine's load average.
 */
export async function startWorkerSampler(metricsUrl: string): Promise<{
  summary: (from: number, to: number) => string;
  loadAverage: (from: number, to: number) => string;
  cpuPerReport: (from: number, to: number, reports: number) => string;
  stop: () => void;
}> {
  const first = await fetch(metricsUrl).catch((err: Error) => {
    throw new Error(
      `the worker's metrics at ${metricsUrl} did not answer (${err.message}): set WORKER_METRICS_PORT or BENCH_WORKER_METRICS_URL`,
    );
  });
  if (gauge(await first.text(), 'astro_renderer_slots') === undefined) throw new Error(`${metricsUrl} has no astro_renderer_slots gauge`);
  const samples: Sample[] = [];
  const timer = setInterval(() => {
    const at = Date.now();
    void fetch(metricsUrl, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.text())
      .then((text) =>
        samples.push({ at, loadAverage: os.loadavg()[0], gauges: Object.fromEntries(GAUGES.map((g) => [g, gauge(text, g)])) }),
      )
      .catch(() => undefined); // a missed scrape under load is a missing sample, not a failure
  }, 1000);
  const within = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at <= to);
  const values = (list: Sample[], name: Gauge) => list.map((s) => s.gauges[name]).filter((v): v is number => v !== undefined);
  const peak = (list: Sample[], name: Gauge) => Math.max(...values(list, name));
  const mean = (list: Sample[], name: Gauge) => values(list, name).reduce((a, b) => a + b, 0) / values(list, name).length;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  return {
    summary(from, to) {
      const list = within(from, to);
      if (list.length === 0) return 'no samples';
      return [
        `${peak(list, 'astro_renderer_slots')} printing slots; printing mean ${mean(list, 'astro_renderer_printing').toFixed(1)}, peak ${peak(list, 'astro_renderer_printing')}`,
        `waiting for a slot peak ${peak(list, 'astro_renderer_waiting')}`,
        `worker RSS mean ${mb(mean(list, 'process_resident_memory_bytes'))}, peak ${mb(peak(list, 'process_resident_memory_bytes'))}`,
        `Chromium processes peak ${peak(list, 'astro_renderer_processes')}, their RSS sum mean ${mb(mean(list, 'astro_renderer_resident_memory_bytes'))}, peak ${mb(peak(list, 'astro_renderer_resident_memory_bytes'))}`,
        `PSS sum peak ${mb(peak(list, 'astro_renderer_proportional_memory_bytes'))} (${list.length} samples)`,
      ].join('; ');
    },
    loadAverage(from, to) {
      const loads = within(from, to).map((s) => s.loadAverage);
      return loads.length ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : os.loadavg()[0].toFixed(1);
    },
    cpuPerReport(from, to, reports) {
      const list = within(from, to);
      if (list.length < 2) return 'no samples';
      const used = (name: Gauge) => (list[list.length - 1].gauges[name] ?? NaN) - (list[0].gauges[name] ?? NaN);
      const [worker, chromium] = [used('process_cpu_seconds_total'), used('astro_renderer_cpu_seconds')];
      const perReport = (worker + chromium) / reports;
      return (
        `${perReport.toFixed(2)} CPU s per report (worker ${(worker / reports).toFixed(2)}, Chromium ${(chromium / reports).toFixed(2)}), ` +
        `so about ${(60 / perReport).toFixed(0)} reports per minute per core the worker has to itself`
      );
    },
    stop: () => clearInterval(timer),
  };
}
