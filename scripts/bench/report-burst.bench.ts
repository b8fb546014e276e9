import * as os from 'node:os';
import { chargeFlushRecorder, describeFlushes } from './charge-flushes';
import { benchmarkAccount, machineLine, requireRunningApi } from './http-load';
import { startLatencyProbe } from './latency-window';
import { startWorkerSampler } from './worker-sampler';

/**
 * A newsletter's burst: REPORT_BURST_COUNT PDF reports (1,000 by default; the three
 * kinds × English and Thai in turn) queued as fast as REPORT_BURST_CONNECTIONS concurrent requests
 * allow, then polled until every one has finished, against the platform `npm start` runs. Meanwhile
 * `GET /v1/planets` is sampled at a fixed rate by a process of its own, first idle, then through
 * the burst; the worker's metrics endpoint is scraped every second for the renderer's concurrency
 * and memory.
 */
const COUNT = Number(process.env.REPORT_BURST_COUNT || 1000);
const CONNECTIONS = Number(process.env.REPORT_BURST_CONNECTIONS || 32);
const PROBE_RATE = Number(process.env.REPORT_BURST_PROBE_RATE || 50);
const IDLE_SECONDS = Number(process.env.REPORT_BURST_IDLE_SECONDS || 20);
/** Job polls per second and in flight at once: a poll only tells that a job finished; its own timestamps say when. */
const POLLS_PER_SECOND = Number(process.env.REPORT_BURST_POLLS_PER_SECOND || 20);
const POLLERS = 4;
const MAX_QUEUE_ATTEMPTS = 5;
const WORKER_METRICS_URL = process.env.BENCH_WORKER_METRICS_URL || `http://127.0.0.1:${process.env.WORKER_METRICS_PORT || 9464}/metrics`;

const KINDS = ['solar-return', 'transit-window', 'synastry-premium'] as const;
type Kind = (typeof KINDS)[number];

interface Queued {
  kind: Kind;
  locale: 'en' | 'th';
  /** epoch ms when the queue request was sent */
  sentAt: number;
  jobId?: string;
  poll?: string;
  status?: 'succeeded' | 'failed';
  error?: string;
  /** epoch ms of the job's finished_at */
  finishedAt?: number;
  startedAt?: number;
}

/** A different birth for every report (1950–1999), so no two compute the same chart. */
function requestBody(i: number, kind: Kind, locale: 'en' | 'th'): object {
  const birth = (n: number) => ({
    date: `19${50 + (n % 50)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    time: `${String(n % 24).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}`,
    latitude: 13.75,
    longitude: 100.5,
    timezoneOffsetMinutes: 420,
  });
  const name = `Burst ${i}`;
  if (kind === 'solar-return') return { birth_subject: birth(i), target_year: 2026, name, locale };
  if (kind === 'transit-window') return { birth_subject: birth(i), start_date: '2026-03-01', end_date: '2026-03-31', name, locale };
  return { person_a: { ...birth(i), name }, person_b: { ...birth(i + 17), name: `Partner ${i}` }, locale };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

/** Runs `task` over `items` with at most `concurrency` at once. */
async function pooled<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

export default async function benchReportBurst(): Promise<void> {
  const apiUrl = await requireRunningApi();
  const account = await benchmarkAccount();
  // The synchronous traffic is another customer's: the newsletter's own account is busy queueing.
  const bystander = await benchmarkAccount();
  const headers = { Authorization: `Bearer ${account.apiKey}`, 'Content-Type': 'application/json' };
  const sampler = await startWorkerSampler(WORKER_METRICS_URL);
  const probe = await startLatencyProbe(apiUrl, bystander.apiKey, PROBE_RATE);
  // The probe's charges are group-committed (ADR 0004): their flush times, idle and in the burst,
  // tell whether a slow probe waited for its commit (the disk) or for the API.
  const flushes = await chargeFlushRecorder(apiUrl);
  try {
    console.log(`→ GET /v1/planets at ${PROBE_RATE}/s, idle, for ${IDLE_SECONDS} s`);
    const idleFrom = Date.now();
    const [, idleFlushes] = await flushes.around(() => new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000)));
    const idleTo = Date.now();

    const jobs: Queued[] = Array.from({ length: COUNT }, (_, i) => ({
      kind: KINDS[i % 3],
      locale: Math.floor(i / 3) % 2 ? 'th' : 'en',
      sentAt: 0,
    }));
    console.log(`→ queueing ${COUNT} reports, ${CONNECTIONS} requests at a time, against ${apiUrl}`);
    let retried503 = 0;
    let queuedAt = 0;
    const burstFrom = Date.now();
    const [, burstFlushes] = await flushes.around(async () => {
      await pooled(
        jobs.map((job, i) => ({ job, i })),
        CONNECTIONS,
        async ({ job, i }) => {
          job.sentAt = Date.now();
          // As a client should: a 503 (nothing charged) is sent again after its Retry-After.
          for (let attempt = 1; ; attempt++) {
            const response = await fetch(`${apiUrl}/api/v3/reports/${job.kind}/pdf`, {
              method: 'POST',
              headers,
              body: JSON.stringify(requestBody(i, job.kind, job.locale)),
            });
            const body = (await response.json()) as { job_id?: string; poll?: string };
            if (response.status === 503 && attempt < MAX_QUEUE_ATTEMPTS) {
              retried503++;
              await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after') || 1) * 1000));
              continue;
            }
            if (response.status !== 202 || !body.poll) {
              job.status = 'failed';
              job.error = `queueing answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`;
            } else [job.jobId, job.poll] = [body.job_id, body.poll];
            return;
          }
        },
      );
      queuedAt = Date.now();
      console.log(`  queued in ${((queuedAt - burstFrom) / 1000).toFixed(1)} s; polling`);

      // Jobs finish about in the order they were queued: each second the oldest unfinished ones are
      // polled, POLLS_PER_SECOND of them, so the client's polling is a steady, modest load on the API
      // whatever the number queued (latency comes from each job's own finished_at, not from the poll).
      let lastProgress = Date.now();
      for (let pending = jobs.filter((j) => !j.status); pending.length > 0; pending = jobs.filter((j) => !j.status)) {
        const second = Date.now() + 1000;
        await pooled(pending.slice(0, POLLS_PER_SECOND), POLLERS, async (job) => {
          const record = (await (await fetch(apiUrl + job.poll, { headers })).json()) as {
            status: string;
            error_code: string | null;
            started_at: string | null;
            finished_at: string | null;
          };
          if (record.status !== 'succeeded' && record.status !== 'failed') return;
          job.status = record.status;
          job.error = record.error_code ?? undefined;
          job.finishedAt = Date.parse(record.finished_at!);
          job.startedAt = record.started_at ? Date.parse(record.started_at) : undefined;
        });
        const done = jobs.filter((j) => j.status).length;
        if (Date.now() - lastProgress > 15_000 || done === COUNT) {
          lastProgress = Date.now();
          console.log(`  ${done}/${COUNT} finished, load average ${os.loadavg()[0].toFixed(2)}`);
        }
        await new Promise((r) => setTimeout(r, Math.max(0, second - Date.now())));
      }
    });
    const burstTo = Math.max(...jobs.map((j) => j.finishedAt ?? 0));
    await account.close();
    await bystander.close();

    const succeeded = jobs.filter((j) => j.status === 'succeeded');
    const failed = jobs.filter((j) => j.status === 'failed');
    const latency = succeeded.map((j) => j.finishedAt! - j.sentAt);
    const firstStart = Math.min(...succeeded.map((j) => j.startedAt ?? j.finishedAt!));
    const renderingMinutes = (burstTo - firstStart) / 60_000;
    const idle = probe.window(idleFrom, idleTo);
    const queueing = probe.window(burstFrom, queuedAt);
    const rendering = probe.window(queuedAt, burstTo);
    const burst = probe.window(burstFrom, burstTo);
    const worker = sampler.summary(burstFrom, burstTo);
    const byKind = KINDS.map((kind) => {
      const of = succeeded.filter((j) => j.kind === kind).map((j) => j.finishedAt! - j.sentAt);
      return `${kind} ${of.length} (p50 ${(percentile(of, 0.5) / 1000).toFixed(1)} s)`;
    });
    const seconds = (ms: number) => (ms / 1000).toFixed(1);

    console.log(`
report-burst benchmark, ${machineLine()}, load average during the burst ${sampler.loadAverage(burstFrom, burstTo)}
${COUNT} PDF reports (three kinds × en/th in turn) queued ${CONNECTIONS} requests at a time in ${seconds(queuedAt - burstFrom)} s (${retried503} answers 503, sent again after Retry-After); the oldest unfinished jobs polled ${POLLS_PER_SECOND}/s; GET /v1/planets of another account sampled at ${PROBE_RATE}/s throughout

| reports | succeeded | failed | queue→PDF p50 s | p95 s | p99 s | last s | reports/min per worker |
|---|---|---|---|---|---|---|---|
| ${COUNT} | ${succeeded.length} | ${failed.length} | ${seconds(percentile(latency, 0.5))} | ${seconds(percentile(latency, 0.95))} | ${seconds(percentile(latency, 0.99))} | ${seconds(Math.max(...latency))} | ${(succeeded.length / renderingMinutes).toFixed(0)} |

by kind: ${byKind.join(', ')}${failed.length ? `\nfailures: ${[...new Set(failed.map((j) => j.error))].join('; ').slice(0, 1000)}` : ''}

| GET /v1/planets at ${PROBE_RATE}/s | requests | non-2xx | p50 ms | p99 ms | max ms |
|---|---|---|---|---|---|
${[
  ['idle, before the burst', idle],
  ['while queueing', queueing],
  ['while rendering', rendering],
  ['whole burst', burst],
]
  .map(([label, w]) => {
    const win = w as ReturnType<typeof probe.window>;
    return `| ${label} | ${win.count} | ${win.non2xx} | ${win.p50.toFixed(1)} | ${win.p99.toFixed(1)} | ${win.max.toFixed(0)} |`;
  })
  .join('\n')}

charge flushes of the API (the probe's charges and the queued reports'): idle ${describeFlushes(idleFlushes)}; burst ${describeFlushes(burstFlushes)}

burst p99 / idle p99: ${(burst.p99 / idle.p99).toFixed(2)} (target ≤ 2; no report failed: ${failed.length === 0 ? 'yes' : 'NO'})

renderer (worker metrics, sampled every second): ${worker}
CPU (worker metrics, first to last sample of the burst): ${sampler.cpuPerReport(burstFrom, burstTo, succeeded.length)}`);
  } finally {
    probe.stop();
    sampler.stop();
    await flushes.close();
  }
}
