import { benchmarkAccount, machineLine, requireRunningApi } from './http-load';

const REPORTS = Number(process.env.BENCH_REPORTS || 100);
// Offered faster than the 3/s target, so the completion rate measures capacity, not the offer.
const RATE_PER_SECOND = Number(process.env.BENCH_RATE || 4);
const POLL_MS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Queues solar-return reports at a steady rate against the running platform (API, worker,
 * Chromium) and measures queue-to-PDF-ready latency and the sustained completion rate.
 */
export default async function benchReports(): Promise<void> {
  const apiUrl = await requireRunningApi();
  const account = await benchmarkAccount();
  const headers = { Authorization: `Bearer ${account.apiKey}`, 'Content-Type': 'application/json' };
  console.log(`→ ${REPORTS} solar-return reports at ${RATE_PER_SECOND}/s against ${apiUrl}`);
  const started = Date.now();
  const latencies: number[] = [];
  const failures: string[] = [];

  const one = async (i: number) => {
    await new Promise((r) => setTimeout(r, (i * 1000) / RATE_PER_SECOND));
    const t0 = Date.now();
    const body = {
      birth_subject: {
        date: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
        time: '12:00',
        latitude: 13.75,
        longitude: 100.5,
        timezoneOffsetMinutes: 420,
      },
      target_year: 2026,
      name: `Benchmark ${i}`,
      locale: i % 2 ? 'th' : 'en',
    };
    const queued = await fetch(`${apiUrl}/api/v3/reports/solar-return/pdf`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (queued.status !== 202) throw new Error(`queueing answered ${queued.status}: ${await queued.text()}`);
    const { poll } = (await queued.json()) as { poll: string };
    for (;;) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const job = (await (await fetch(apiUrl + poll, { headers })).json()) as { status: string; error_code: string | null };
      if (job.status === 'succeeded') return latencies.push(Date.now() - t0);
      if (job.status === 'failed') return failures.push(job.error_code ?? 'unknown');
    }
  };
  await Promise.all(Array.from({ length: REPORTS }, (_, i) => one(i)));
  const elapsed = (Date.now() - started) / 1000;
  await account.close();

  latencies.sort((a, b) => a - b);
  const throughput = latencies.length / elapsed;
  console.log(`
reports benchmark, ${machineLine()}
${REPORTS} solar-return PDFs queued at ${RATE_PER_SECOND}/s (alternating en/th), polled every ${POLL_MS} ms

| reports | succeeded | failed | p50 queue→PDF ms | p95 ms | max ms | sustained reports/s |
|---|---|---|---|---|---|---|
| ${REPORTS} | ${latencies.length} | ${failures.length} | ${percentile(latencies, 0.5)} | ${percentile(latencies, 0.95)} | ${latencies[latencies.length - 1]} | ${throughput.toFixed(2)} |

targets: p50 < 2000 ms and ≥ 3 reports/s → ${percentile(latencies, 0.5) < 2000 && throughput >= 3 && failures.length === 0 ? 'met' : 'NOT met'}`);
}
