import { Database } from '@astro/database';
import { findJob } from '@astro/jobs';
import { conventionalSdkMetrics } from '../apps/worker/src/metrics';
import { createAccount, eventually, TestApi, TestWorker } from './support/harness';
import { useTestPlatform } from './support/fixture';

let db: Database;
let api: TestApi;
let worker: TestWorker;

useTestPlatform((p) => ({ db, api, worker } = p), { worker: true });

interface Family {
  name: string;
  type: string;
  samples: string[];
}

/** The metric families of a text exposition (format 0.0.4): name and type from `# TYPE`, with their sample names. */
function families(exposition: string): Family[] {
  const found = new Map<string, Family>();
  for (const line of exposition.split('\n')) {
    const typed = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (typed) found.set(typed[1], { name: typed[1], type: typed[2], samples: [] });
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{|\s)/.exec(line);
    if (sample) {
      const family = [...found.values()].reverse().find((f) => sample[1] === f.name || sample[1].startsWith(`${f.name}_`));
      if (family) family.samples.push(sample[1]);
      else throw new Error(`sample ${sample[1]} without a # TYPE line`);
    }
  }
  return [...found.values()];
}

/** What breaks the Prometheus naming conventions (prometheus.io/docs/practices/naming) in one family, or nothing. */
function breaches(family: Family): string[] {
  const problems: string[] = [];
  const { name, type } = family;
  if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(name)) problems.push(`${name}: not a valid metric name`);
  const totals = name.split('_').filter((part) => part === 'total').length;
  if (type === 'counter' && (!name.endsWith('_total') || totals !== 1)) problems.push(`${name}: a counter ends in exactly one _total`);
  if (type !== 'counter' && totals > 0) problems.push(`${name}: only counters carry _total`);
  if (/(latency|duration)/.test(name) && type === 'histogram' && !name.endsWith('_seconds')) {
    problems.push(`${name}: a duration histogram is in seconds, named _seconds`);
  }
  if (/_(milliseconds|millis|ms)(_|$)/.test(name)) problems.push(`${name}: durations in seconds, never milliseconds`);
  return problems;
}

describe('the worker metrics endpoint', () => {
  it('names every metric, its own and the Temporal SDK ones, by the Prometheus conventions', async () => {
    // Real work first, so the SDK's task, poll and latency metrics all have samples.
    const { apiKey } = await createAccount(db, { credits: 10 });
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-04-10T00:00:00Z' }, { key: apiKey });
    expect(queued.status).toBe(202);
    await eventually(async () => ((await findJob(db, queued.body.job_id))?.status === 'succeeded' ? true : undefined), 60_000, 'the probe');

    const response = await fetch(worker.metricsUrl);
    expect(response.status).toBe(200);
    const found = families(await response.text());
    const names = found.map((f) => f.name);
    // Both sources are there: the worker's registry and the SDK's runtime, with latencies in seconds.
    expect(names).toEqual(expect.arrayContaining(['astro_jobs_started_total', 'astro_webhook_attempt_duration_seconds']));
    // The renderer's gauges: its slots, what it prints and waits for, and its Chromium's memory.
    expect(names).toEqual(
      expect.arrayContaining([
        'astro_renderer_printing',
        'astro_renderer_waiting',
        'astro_renderer_slots',
        'astro_renderer_processes',
        'astro_renderer_resident_memory_bytes',
        'astro_renderer_proportional_memory_bytes',
        'astro_renderer_cpu_seconds_total',
      ]),
    );
    expect(names.filter((n) => n.startsWith('temporal_')).length).toBeGreaterThan(10);
    expect(names).toEqual(
      expect.arrayContaining(['temporal_workflow_task_execution_latency_seconds', 'temporal_activity_execution_latency_seconds']),
    );
    expect(found.flatMap(breaches)).toEqual([]);
  });

  it('drops a _total inside an SDK counter name, on HELP, TYPE and sample lines', () => {
    const sdk = [
      '# HELP temporal_sticky_cache_total_forced_eviction_total Count of evictions of cached workflows',
      '# TYPE temporal_sticky_cache_total_forced_eviction_total counter',
      'temporal_sticky_cache_total_forced_eviction_total{namespace="default",task_queue="q_total_x"} 3',
      'temporal_request_total{operation="Poll"} 7',
      '# TYPE temporal_local_activity_total_total counter',
      'temporal_local_activity_total_total{namespace="default"} 4',
    ].join('\n');
    expect(conventionalSdkMetrics(sdk)).toBe(
      [
        '# HELP temporal_sticky_cache_forced_eviction_total Count of evictions of cached workflows',
        '# TYPE temporal_sticky_cache_forced_eviction_total counter',
        'temporal_sticky_cache_forced_eviction_total{namespace="default",task_queue="q_total_x"} 3',
        'temporal_request_total{operation="Poll"} 7',
        '# TYPE temporal_local_activity_total counter',
        'temporal_local_activity_total{namespace="default"} 4',
      ].join('\n'),
    );
    expect(breaches({ name: 'temporal_sticky_cache_total_forced_eviction_total', type: 'counter', samples: [] })).not.toEqual([]);
    expect(breaches({ name: 'temporal_request_latency', type: 'histogram', samples: [] })).not.toEqual([]);
  });
});
