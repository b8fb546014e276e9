import { performance } from 'node:perf_hooks';

export interface Timing {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

/** Times `work` in-process after a warm-up; the median is what targets are stated against. */
export function timeInProcess(name: string, work: (i: number) => unknown, runs = 2_000, warmup = 200): Timing {
  for (let i = 0; i < warmup; i++) work(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    work(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { name, runs, medianMs: samples[Math.floor(runs / 2)], p95Ms: samples[Math.floor(runs * 0.95)] };
}

/** The same for asynchronous work (e.g. PNG encoding in sharp's thread pool), one run at a time. */
export async function timeInProcessAsync(name: string, work: (i: number) => Promise<unknown>, runs = 200, warmup = 20): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { name, runs, medianMs: samples[Math.floor(runs / 2)], p95Ms: samples[Math.floor(runs * 0.95)] };
}

export function printTimings(title: string, timings: Timing[], targetsMs: Record<string, number>): void {
  console.log(`\n${title}, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}\n`);
  console.log('| computation | runs | median ms | p95 ms | target median ms | met |');
  console.log('|---|---|---|---|---|---|');
  for (const t of timings) {
    const target = targetsMs[t.name];
    console.log(
      `| ${t.name} | ${t.runs} | ${t.medianMs.toFixed(3)} | ${t.p95Ms.toFixed(3)} | ${target ?? '–'} | ${target === undefined ? '–' : t.medianMs < target ? 'yes' : 'NO'} |`,
    );
  }
}
