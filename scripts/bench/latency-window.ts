import { spawn } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';

export interface LatencyWindow {
  count: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Starts latency-probe.ts in a process of its own, sampling `GET /v1/planets` at `rate` per second,
 * and keeps every sample; `window(from, to)` summarises those sent in that interval (epoch ms).
 * Resolves once the first answers have come back, so the API's route is warm.
 */
export async function startLatencyProbe(
  apiUrl: string,
  apiKey: string,
  rate: number,
): Promise<{ window: (from: number, to: number) => LatencyWindow; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', path.join(__dirname, 'latency-probe.ts'), apiUrl, apiKey, String(rate)],
    { cwd: path.join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const samples: [number, number, number][] = [];
  const lines = readline.createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      samples.push(...(JSON.parse(line) as [number, number, number][]));
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`the latency probe exited with ${code}`)));
  });
  // Two seconds of warm-up (connections, JIT) that no window counts.
  await new Promise((r) => setTimeout(r, 2000));
  const windowFrom = (from: number, to: number): LatencyWindow => {
    const inside = samples.filter(([sentAt]) => sentAt >= from && sentAt < to);
    const latencies = inside.map(([, ms]) => ms).sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
    return {
      count: inside.length,
      non2xx: inside.filter(([, , status]) => status < 200 || status > 299).length,
      p50: at(0.5),
      p99: at(0.99),
      max: latencies[latencies.length - 1] ?? NaN,
    };
  };
  return { window: windowFrom, stop: () => child.kill('SIGTERM') };
}
