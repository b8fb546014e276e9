import { Client, Connection } from '@temporalio/client';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { connectTestDatabase, createAccount, eventually, HttpClient } from './support/harness';

// Two API processes and two worker processes, as on two machines: one PostgreSQL, one Temporal, one
// Redis, one task queue, and a shared artifact directory standing in for the shared bucket (the S3
// store has its own test). Needs Redis (npm test finds it on 127.0.0.1:6379).
const REDIS_URL = process.env.TEST_REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;
const ROOT = path.join(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function startProcess(entry: string, env: NodeJS.ProcessEnv, readyMarker: string): Promise<ChildProcess> {
  // Through scripts/run-ts.js (swc, cached output): four processes start in seconds, not minutes, on a loaded machine.
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes(readyMarker)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before it was ready`)));
  });
}

describeWithRedis('two API processes and two workers on one PostgreSQL, Temporal and Redis', () => {
  let db: Database;
  const children: ChildProcess[] = [];
  const apis: HttpClient[] = [];
  const taskQueue = `replicas-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await connectTestDatabase();
    const shared = {
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: taskQueue,
      REDIS_URL,
      ARTIFACTS_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'astro-replicas-')),
      RATE_LIMIT_FREE: '20',
      // Both replicas' limiters see this instant: the 30 requests of the rate-limit test fall in one window.
      RATE_LIMIT_PINNED_AT_MS: String(Date.now()),
      AUTH_CACHE_TTL_MS: '0',
      HOST: '127.0.0.1',
    };
    // The four processes start side by side (each mostly waits on its connections), not one after another.
    const ports = [await freePort(), await freePort()];
    const started = ports.flatMap((port) => [
      startProcess(path.join(__dirname, 'support', 'pinned-clock-api.ts'), { ...shared, PORT: String(port) }, 'listening'),
      // A real worker process (the durability tests' worker, here stalling nothing).
      startProcess(path.join(__dirname, 'support', 'stalling-worker.ts'), { ...shared, STALL_ACTIVITY: 'none' }, 'worker-ready'),
    ]);
    // Every child is known before any start can fail, so afterAll stops those that did start.
    const settled = await Promise.allSettled(started);
    for (const result of settled) if (result.status === 'fulfilled') children.push(result.value);
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    for (const port of ports) apis.push(new HttpClient(`http://127.0.0.1:${port}`));
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await db.close();
  });

  it('holds one rate limit across the replicas: 30 requests of a free key alternating between them give 20 × 200 and 10 × 429', async () => {
    const { apiKey } = await createAccount(db, { tier: 'free', credits: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await apis[i % 2].get('/v1/planets?dt=2024-03-20T12:00:00Z', { key: apiKey })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });

  it('runs every job exactly once on one of the two workers, and a job queued on replica A is polled on replica B', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 50 });
    const jobIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const queued = await apis[i % 2].post(
        '/v1/pipeline-probes',
        { dt: `2024-04-${String(10 + i).padStart(2, '0')}T00:00:00Z` },
        { key: apiKey },
      );
      expect(queued.status).toBe(202);
      jobIds.push(queued.body.job_id);
    }
    for (const [i, jobId] of jobIds.entries()) {
      const job = await eventually(
        async () => {
          const polled = await apis[(i + 1) % 2].get(`/api/v3/jobs/${jobId}`, { key: apiKey });
          return polled.body.status === 'succeeded' ? polled.body : undefined;
        },
        60_000,
        `job ${jobId} on the other replica`,
      );
      expect(job).toMatchObject({ credits_charged: 1, credits_refunded: 0 });
      const download = await fetch(apis[i % 2].baseUrl + Object.values(job.artifacts as Record<string, { url: string }>)[0].url);
      expect(download.status).toBe(200);
    }
    // The Temporal history of each job shows its compute activity started once, and the jobs were
    // shared between the two worker processes.
    const connection = await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! });
    const client = new Client({ connection });
    const workers = new Set<string>();
    for (const jobId of jobIds) {
      const history = await client.workflow.getHandle(jobId).fetchHistory();
      const started = history.events!.filter((e) => e.activityTaskStartedEventAttributes);
      const scheduled = history.events!.filter(
        (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'computePlanetsSnapshot',
      );
      expect(scheduled).toHaveLength(1);
      for (const e of started) {
        expect(e.activityTaskStartedEventAttributes!.attempt).toBe(1);
        workers.add(String(e.activityTaskStartedEventAttributes!.identity));
      }
    }
    await connection.close();
    expect(workers.size).toBe(2);
    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges).toHaveLength(10);
  });
});
