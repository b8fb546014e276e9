import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { provisionAccount } from '@astro/accounts';
import { loadConfig } from '@astro/config';
import { Database } from '@astro/database';

/** Shared parts of the HTTP benchmarks: load generation, the bare baseline, the benchmark account. */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 15);

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** A random instant 1900–2100, so every request computes a different chart. */
export function randomInstant(): Date {
  const start = Date.parse('1900-01-01T00:00:00Z');
  const end = Date.parse('2100-01-01T00:00:00Z');
  return new Date(start + Math.random() * (end - start));
}

export async function drive(label: string, url: string, headers: Record<string, string>, next: () => LoadRequest): Promise<Figures> {
  console.log(`→ ${label}: ${CONNECTIONS} connections for ${DURATION_SECONDS} s against ${url}`);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { 'Content-Type': 'application/json', ...headers },
    requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

/** The same ephemeris work as GET /v1/planets behind a bare Fastify route, in its own process. */
export function startBarePlanetsServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(__dirname, 'bare-planets-server.ts')], {
    cwd: path.join(__dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => {
      const { port } = JSON.parse(String(chunk));
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

export async function requireRunningApi(): Promise<string> {
  const apiUrl = process.env.BENCH_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;
  try {
    const health = await fetch(`${apiUrl}/health`);
    if (!health.ok) throw new Error(`health answered ${health.status}`);
  } catch (err) {
    throw new Error(`the API at ${apiUrl} is not up (${(err as Error).message}): start it with \`npm start\` in another terminal, or set BENCH_API_URL`);
  }
  return apiUrl;
}

/**
 * A dedicated enterprise account, so the benchmark measures charging and not the rate limiter or
 * an empty balance; every request is still authenticated and charged through the ledger.
 */
export async function benchmarkAccount(): Promise<{ apiKey: string; chargeCount: () => Promise<number>; close: () => Promise<void> }> {
  const db = await Database.connect(loadConfig().databaseUrl, { poolSize: 1 });
  const { apiKey, accountId } = await provisionAccount(db, { name: 'benchmark', tier: 'enterprise', credits: 100_000_000, withApiKey: true }, { actor: 'benchmark' });
  return {
    apiKey: apiKey!,
    chargeCount: async () =>
      Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = $1 AND event_type = 'CreditsCharged'`, [`account:${accountId}`]))[0].n),
    close: () => db.close(),
  };
}

/** Requests still in flight when autocannon stops are served (and charged) but not counted. */
export function assertEveryServedRequestCharged(figures: Figures, charged: number): void {
  const served = figures.total - figures.non2xx - figures.errors;
  if (charged < served || charged > served + CONNECTIONS) throw new Error(`ledger mismatch: ${charged} charges for ${served} successful requests`);
}

export function machineLine(): string {
  return `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

export function figuresTable(rows: [string, Figures][]): string {
  return [
    '| target | req/s | p50 ms | p99 ms | requests | non-2xx + errors |',
    '|---|---|---|---|---|---|',
    ...rows.map(([name, f]) => `| ${name} | ${f.requestsPerSecond.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.total} | ${f.non2xx + f.errors} |`),
  ].join('\n');
}
