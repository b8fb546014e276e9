import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { provisionAccount } from '../../libs/accounts/src/provisioning';
import { loadConfig } from '../../libs/config/src/config';
import { Database } from '../../libs/database/src/database';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 15);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** A spread of instants 1900–2100, so every request computes a different chart. */
function randomPlanetsPath(): string {
  const start = Date.parse('1900-01-01T00:00:00Z');
  const end = Date.parse('2100-01-01T00:00:00Z');
  return `/v1/planets?dt=${new Date(start + Math.random() * (end - start)).toISOString()}`;
}

async function drive(label: string, url: string, headers: Record<string, string>): Promise<Figures> {
  console.log(`→ ${label}: ${CONNECTIONS} connections for ${DURATION_SECONDS} s against ${url}`);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: randomPlanetsPath() }) }],
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

function startBareServer(): Promise<{ url: string; stop: () => void }> {
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

/** HTTP throughput of GET /v1/planets through the full API, against a bare Fastify route. */
async function benchPlanets(): Promise<void> {
  const apiUrl = process.env.BENCH_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;
  try {
    const health = await fetch(`${apiUrl}/health`);
    if (!health.ok) throw new Error(`health answered ${health.status}`);
  } catch (err) {
    throw new Error(`the API at ${apiUrl} is not up (${(err as Error).message}): start it with \`npm start\` in another terminal, or set BENCH_API_URL`);
  }
  // A dedicated enterprise account, so the benchmark measures charging and not the rate limiter
  // or an empty balance; every request is still authenticated and charged through the ledger.
  const db = await Database.connect(loadConfig().databaseUrl, { poolSize: 1 });
  const { apiKey, accountId } = await provisionAccount(
    db,
    { name: 'benchmark', tier: 'enterprise', credits: 10_000_000, withApiKey: true },
    { actor: 'benchmark' },
  );
  const before = await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = $1`, [`account:${accountId}`]);

  const api = await drive('API (auth, rate limit, validation, ledger charge)', apiUrl, { Authorization: `Bearer ${apiKey}` });
  const after = await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = $1`, [`account:${accountId}`]);
  await db.close();
  const charged = Number(after[0].n) - Number(before[0].n);

  const bare = await startBareServer();
  let baseline: Figures;
  try {
    baseline = await drive('bare Fastify route (same ephemeris work only)', bare.url, {});
  } finally {
    bare.stop();
  }

  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.requestsPerSecond.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.total} | ${f.non2xx + f.errors} |`;
  console.log(`
planets benchmark, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}
${CONNECTIONS} connections, ${DURATION_SECONDS} s each; every API request authenticated and charged (${charged} CreditsCharged events for ${api.total} requests)

| target | req/s | p50 ms | p99 ms | requests | non-2xx + errors |
|---|---|---|---|---|---|
${row('API GET /v1/planets', api)}
${row('bare Fastify, same computation', baseline)}

API / bare throughput ratio: ${(api.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}
target: ≥ 1500 req/s and p99 < 50 ms for the API → ${api.requestsPerSecond >= 1500 && api.p99 < 50 ? 'met' : 'NOT met'}`);
  // Requests still in flight when autocannon stops are served (and charged) but not counted.
  const served = api.total - api.non2xx - api.errors;
  if (charged < served || charged > served + CONNECTIONS) {
    throw new Error(`ledger mismatch: ${charged} charges for ${served} successful requests`);
  }
}

export default benchPlanets;
