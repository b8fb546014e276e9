import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { provisionAccount } from '@astro/accounts';
import { loadConfig } from '@astro/config';
import { Database } from '@astro/database';
import { chargeFlushRecorder, describeFlushes, FlushTotals, sumFlushes } from './charge-flushes';

/** Shared parts of the HTTP benchmarks: load generation, the bare baseline, the benchmark account. */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 15);
/** Unmeasured load before each measured target of the metering comparison. */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 3);

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
  headers?: Record<string, string>;
}

/** A random instant 1900–2100, so every request computes a different chart. */
export function randomInstant(): Date {
  const start = Date.parse('1900-01-01T00:00:00Z');
  const end = Date.parse('2100-01-01T00:00:00Z');
  return new Date(start + Math.random() * (end - start));
}

/** The metering benchmarks' GET /v1/planets: a different random instant per request. */
export const planetsRequest = (): LoadRequest => ({ method: 'GET', path: `/v1/planets?dt=${randomInstant().toISOString()}` });

/** The metering benchmarks' POST /v1/natal-chart: a random instant and place, Placidus. */
export const natalChartRequest = (): LoadRequest => ({
  method: 'POST',
  path: '/v1/natal-chart',
  body: JSON.stringify({
    birth_datetime: randomInstant().toISOString(),
    latitude: Math.random() * 120 - 60,
    longitude: Math.random() * 360 - 180,
    house_system: 'P',
  }),
});

export async function drive(
  label: string,
  url: string,
  headers: Record<string, string>,
  next: () => LoadRequest,
  seconds = DURATION_SECONDS,
): Promise<Figures> {
  console.log(`→ ${label}: ${CONNECTIONS} connections for ${seconds} s against ${url}`);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'Content-Type': 'application/json', ...headers },
    requests: [
      {
        setupRequest: (req) => {
          const request = next();
          return { ...req, ...request, headers: { ...req.headers, ...(request.headers ?? {}) } };
        },
      },
    ],
  });
  console.log(
    `  ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} non-2xx + errors`,
  );
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
export function startBarePlanetsServer(): Promise<{ url: string; cpuSeconds: () => Promise<number>; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', path.join(__dirname, 'bare-planets-server.ts')],
    {
      cwd: path.join(__dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => {
      const { port } = JSON.parse(String(chunk));
      const url = `http://127.0.0.1:${port}`;
      const cpuSeconds = async () => {
        const { user, system } = (await (await fetch(`${url}/cpu`)).json()) as { user: number; system: number };
        return (user + system) / 1e6;
      };
      resolve({ url, cpuSeconds, stop: () => child.kill('SIGTERM') });
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
    throw new Error(
      `the API at ${apiUrl} is not up (${(err as Error).message}): start it with \`npm start\` in another terminal, or set BENCH_API_URL`,
    );
  }
  return apiUrl;
}

/**
 * A count once it has stopped moving: when a load run ends, up to one request per connection is
 * still being answered and charged, and those charges belong to the run that sent them.
 */
async function settledCount(read: () => Promise<number>): Promise<number> {
  let previous = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = await read();
    if (current === previous) return current;
    previous = current;
  }
}

/**
 * A dedicated enterprise account, so the benchmark measures charging and not the rate limiter or
 * an empty balance; every request is still authenticated and charged through the ledger.
 */
export async function benchmarkAccount(): Promise<{ apiKey: string; chargeCount: () => Promise<number>; close: () => Promise<void> }> {
  const db = await Database.connect(loadConfig().databaseUrl, { poolSize: 1 });
  const { apiKey, accountId } = await provisionAccount(
    db,
    { name: 'benchmark', tier: 'enterprise', credits: 100_000_000, withApiKey: true },
    { actor: 'benchmark' },
  );
  return {
    apiKey: apiKey!,
    chargeCount: () =>
      settledCount(async () =>
        Number(
          (
            await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = $1 AND event_type = 'CreditsCharged'`, [
              `account:${accountId}`,
            ])
          )[0].n,
        ),
      ),
    close: () => db.close(),
  };
}

/** Several benchmark accounts (one API key each), for load spread over many customers. */
export async function benchmarkAccounts(
  count: number,
  databaseUrl = loadConfig().databaseUrl,
): Promise<{ apiKeys: string[]; chargeCount: () => Promise<number>; close: () => Promise<void> }> {
  const db = await Database.connect(databaseUrl, { poolSize: 1 });
  const accounts = [];
  for (let i = 0; i < count; i++) {
    accounts.push(
      await provisionAccount(
        db,
        { name: `benchmark ${i}`, tier: 'enterprise', credits: 100_000_000, withApiKey: true },
        { actor: 'benchmark' },
      ),
    );
  }
  const streams = accounts.map((a) => `account:${a.accountId}`);
  return {
    apiKeys: accounts.map((a) => a.apiKey!),
    chargeCount: () =>
      settledCount(async () =>
        Number(
          (
            await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = ANY($1) AND event_type = 'CreditsCharged'`, [
              streams,
            ])
          )[0].n,
        ),
      ),
    close: () => db.close(),
  };
}

/**
 * The metering comparison (does charging every request cost throughput?): the API with 50 connections on one account, then spread
 * over 100 accounts, and the bare route doing the same computation, in one run; every served API
 * request must have its charge. The three targets alternate in short rounds (BENCH_ROUNDS of
 * BENCH_ROUND_SECONDS, 4 × 5 s by default), so a change of load on the shared cores weighs on all
 * three alike. Returns the figures for the caller's own notes.
 */
export async function meteredAgainstBare(
  label: string,
  next: () => LoadRequest,
): Promise<{ one: Figures; spread: Figures; bare: Figures }> {
  const apiUrl = await requireRunningApi();
  const single = await benchmarkAccounts(1);
  const many = await benchmarkAccounts(100);
  const bareServer = await startBarePlanetsServer();
  const flushRecorder = await chargeFlushRecorder(apiUrl);
  const flushes: { one: FlushTotals[]; spread: FlushTotals[] } = { one: [], spread: [] };
  /** An API target, with the charge flushes the API made while it ran. */
  const withFlushes = (into: FlushTotals[], run: () => Promise<Figures>) => async () => {
    const [figures, flushed] = await flushRecorder.around(run);
    into.push(flushed);
    return figures;
  };
  const rounds = Number(process.env.BENCH_ROUNDS || 4);
  const seconds = Number(process.env.BENCH_ROUND_SECONDS || 5);
  const oneAccount = () => ({ ...next(), headers: { Authorization: `Bearer ${single.apiKeys[0]}` } });
  let n = 0;
  const spreadAccounts = () => ({ ...next(), headers: { Authorization: `Bearer ${many.apiKeys[n++ % 100]}` } });
  const bareRound = bareRounds(bareServer, label, next, seconds);
  const targets: [string, () => Promise<Figures>][] = [
    [`API ${label}, one account`, withFlushes(flushes.one, () => drive(`API ${label}, one account`, apiUrl, {}, oneAccount, seconds))],
    [
      `API ${label}, 100 accounts`,
      withFlushes(flushes.spread, () => drive(`API ${label}, 100 accounts`, apiUrl, {}, spreadAccounts, seconds)),
    ],
    [`bare Fastify ${label}`, bareRound.run],
  ];
  try {
    // Every target is driven unmeasured first (WARMUP_SECONDS), so each is measured with a warm JIT,
    // warm connection pools and caches: the API and the freshly started bare server alike.
    await drive(`warm-up: API ${label}`, apiUrl, {}, oneAccount, WARMUP_SECONDS);
    await drive(`warm-up: API ${label}, 100 accounts`, apiUrl, {}, spreadAccounts, WARMUP_SECONDS);
    await drive(`warm-up: bare Fastify ${label}`, bareServer.url, {}, next, WARMUP_SECONDS);
    const [singleBefore, manyBefore] = [await single.chargeCount(), await many.chargeCount()];
    const [one, spread, bare] = await alternating(
      rounds,
      targets.map(([, run]) => run),
    );
    assertEveryServedRequestCharged(one, (await single.chargeCount()) - singleBefore, rounds);
    assertEveryServedRequestCharged(spread, (await many.chargeCount()) - manyBefore, rounds);
    const [oneFlushes, spreadFlushes] = [sumFlushes(flushes.one), sumFlushes(flushes.spread)];
    // CPU time per request served: the process's own cost, which other work on the machine changes
    // far less than it changes throughput (a bare round alone moves ±20 % between runs here).
    const cpuMicros = (cpuSeconds: number, f: Figures) => (1e6 * cpuSeconds) / f.total;
    const [oneCpu, spreadCpu, bareCpu] = [
      cpuMicros(oneFlushes.cpuSeconds, one),
      cpuMicros(spreadFlushes.cpuSeconds, spread),
      cpuMicros(bareRound.cpuSeconds(), bare),
    ];
    const [oneDatabaseCpu, spreadDatabaseCpu] = [
      cpuMicros(oneFlushes.databaseCpuSeconds, one),
      cpuMicros(spreadFlushes.databaseCpuSeconds, spread),
    ];
    const databaseCpuLine = Number.isNaN(oneDatabaseCpu)
      ? 'not read (PostgreSQL is not on this machine)'
      : `one account ${oneDatabaseCpu.toFixed(0)} µs, 100 accounts ${spreadDatabaseCpu.toFixed(0)} µs`;
    console.log(`
${label} metering benchmark, ${machineLine()}
${CONNECTIONS} connections, ${rounds} alternating rounds of ${seconds} s per target; every API request authenticated, rate limited, validated and charged

${figuresTable(targets.map(([name], i) => [name, [one, spread, bare][i]]))}

API / bare throughput: one account ${(one.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}, 100 accounts ${(spread.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} (target ≥ 0.70; p99 < 25 ms; no non-2xx)
CPU per request: API one account ${oneCpu.toFixed(0)} µs, 100 accounts ${spreadCpu.toFixed(0)} µs, bare ${bareCpu.toFixed(0)} µs; bare / API ${(bareCpu / oneCpu).toFixed(2)} and ${(bareCpu / spreadCpu).toFixed(2)}
PostgreSQL's CPU per API request (the charges; it shares the cores with the API): ${databaseCpuLine}
Charge flushes (ADR 0004): one account ${describeFlushes(oneFlushes)}; 100 accounts ${describeFlushes(spreadFlushes)}`);
    return { one, spread, bare };
  } finally {
    bareServer.stop();
    await flushRecorder.close();
    await single.close();
    await many.close();
  }
}

/**
 * Two targets driven in alternating short rounds (A B, B A, A B …) and summed, so a machine whose
 * load changes during the run (shared cores) weighs on both alike.
 */
export async function interleaved(rounds: number, a: () => Promise<Figures>, b: () => Promise<Figures>): Promise<[Figures, Figures]> {
  const [first, second] = await alternating(rounds, [a, b]);
  return [first, second];
}

/** A B C, C B A, A B C …: the order of `count` targets in each round, reversed every round. */
const reversedEveryRound = (count: number) => (round: number) => {
  const order = Array.from({ length: count }, (_, i) => i);
  return round % 2 === 1 ? order.reverse() : order;
};

/**
 * Targets driven in short rounds whose order reverses every round (A B C, C B A, A B C …, or the
 * order `orderOf` gives each round), so a load that rises or falls during the run weighs on every
 * target alike. req/s is the mean over the rounds; p50 the mean; p99 the worst round.
 */
export async function alternating(
  rounds: number,
  targets: (() => Promise<Figures>)[],
  orderOf: (round: number) => number[] = reversedEveryRound(targets.length),
): Promise<Figures[]> {
  const runs: Figures[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const i of orderOf(round)) runs[i].push(await targets[i]());
  }
  return runs.map((list) => ({
    requestsPerSecond: list.reduce((s, f) => s + f.requestsPerSecond, 0) / list.length,
    p50: list.reduce((s, f) => s + f.p50, 0) / list.length,
    p99: Math.max(...list.map((f) => f.p99)),
    non2xx: list.reduce((s, f) => s + f.non2xx, 0),
    errors: list.reduce((s, f) => s + f.errors, 0),
    total: list.reduce((s, f) => s + f.total, 0),
  }));
}

/** Rounds of the bare route, with the bare server's CPU seconds summed over them. */
export function bareRounds(
  server: { url: string; cpuSeconds: () => Promise<number> },
  label: string,
  next: () => LoadRequest,
  seconds: number,
): { run: () => Promise<Figures>; cpuSeconds: () => number } {
  let cpuSeconds = 0;
  return {
    run: async () => {
      const before = await server.cpuSeconds();
      const figures = await drive(`bare Fastify ${label}`, server.url, {}, next, seconds);
      cpuSeconds += (await server.cpuSeconds()) - before;
      return figures;
    },
    cpuSeconds: () => cpuSeconds,
  };
}

/** Requests still in flight when autocannon stops are served (and charged) but not counted. */
export function assertEveryServedRequestCharged(figures: Figures, charged: number, runs = 1): void {
  const served = figures.total - figures.non2xx - figures.errors;
  if (charged < served || charged > served + CONNECTIONS * runs)
    throw new Error(`ledger mismatch: ${charged} charges for ${served} successful requests`);
}

export function machineLine(): string {
  return `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

export function figuresTable(rows: [string, Figures][]): string {
  return [
    '| target | req/s | p50 ms | p99 ms | requests | non-2xx + errors |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      ([name, f]) => `| ${name} | ${f.requestsPerSecond.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.total} | ${f.non2xx + f.errors} |`,
    ),
  ].join('\n');
}
