import { TestWorkflowEnvironment } from '@temporalio/testing';
import { NativeConnection, Runtime, DefaultLogger } from '@temporalio/worker';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AddressInfo } from 'node:net';
import { Client } from 'pg';
import sharp from 'sharp';
import { provisionAccount } from '@astro/accounts';
import { loadConfig } from '@astro/config';
import { Database } from '@astro/database';
import { PdfRenderer } from '@astro/rendering';
import { connectPlatform, createApiApp } from '../../apps/api/src/create-app';
import { createActivities, createWorker, sharedModels } from '../../apps/worker/src/worker-factory';
import { ALL_SEARCH_ATTRIBUTES } from '@astro/search-attributes';
import { machineLine } from './http-load';

const JOBS = Number(process.env.BENCH_VISUAL_JOBS || 20);
const POLL_MS = 50;
const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'visual');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Face and palm jobs end to end on a platform of its own (a fresh database on the local
 * PostgreSQL, a Temporal dev server, the API and one worker in this process): from the queue
 * request to the poll response that shows every artifact ready, sku `branded` (JSON, hosted page
 * and PDF). Jobs run one after another, so the figure is the latency of one job, not of a queue.
 */
export default async function benchVisual(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `astro_bench_visual_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
  const temporalCli = process.env.TEMPORAL_CLI || path.join(ROOT, '.tools', 'bin', 'temporal');
  const temporal = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: temporalCli },
      searchAttributes: ALL_SEARCH_ATTRIBUTES,
      log: { format: 'pretty', level: 'error' },
    },
  });
  const config = loadConfig({
    DATABASE_URL: dbUrl.toString(),
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: 'bench-visual',
    ARTIFACTS_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-visual-')),
  });
  const db = await Database.connect(config.databaseUrl, { poolSize: 5 });
  await db.migrate();
  const api = await createApiApp(await connectPlatform(config), ['error']);
  await api.app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
  const renderer = new PdfRenderer();
  const loadStarted = Date.now();
  await sharedModels().load();
  const modelLoadMs = Date.now() - loadStarted;
  const connection = await NativeConnection.connect({ address: temporal.address });
  const worker = await createWorker(config, connection, createActivities(config, db, renderer));
  const running = worker.run();
  const rssBefore = process.memoryUsage().rss;

  try {
    const { apiKey } = await provisionAccount(
      db,
      { name: 'bench', tier: 'enterprise', credits: 1_000_000, withApiKey: true },
      { actor: 'bench' },
    );
    const headers = { Authorization: `Bearer ${apiKey}` };
    const upload = async (bytes: Buffer, kind: string) => {
      const created = (await (
        await fetch(`${base}/api/v3/visual-readings/uploads`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ kind, content_type: 'image/jpeg', byte_size: bytes.length }),
        })
      ).json()) as { upload_id: string; upload_url: string };
      await fetch(base + created.upload_url, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: bytes });
      await fetch(`${base}/api/v3/visual-readings/uploads/${created.upload_id}/complete`, { method: 'POST', headers });
      return created.upload_id;
    };
    const face = await sharp(path.join(FIXTURES, 'face-astronaut.png')).jpeg({ quality: 92 }).toBuffer();
    const left = fs.readFileSync(path.join(FIXTURES, 'palm-left-opencv.jpg'));
    const right = await sharp(left).flop().jpeg({ quality: 92 }).toBuffer();

    const runJob = async (family: 'face' | 'palm', i: number): Promise<number> => {
      const body =
        family === 'face'
          ? { upload_id: await upload(face, 'face'), sku: 'branded', locale: i % 2 ? 'th' : 'en', subject_label: `bench ${i}` }
          : {
              left_upload_id: await upload(left, 'palm_left'),
              right_upload_id: await upload(right, 'palm_right'),
              capture_handedness: { left_upload: 'left', right_upload: 'right', mirrored_preview: false },
              sku: 'branded',
              locale: i % 2 ? 'th' : 'en',
              subject_label: `bench ${i}`,
            };
      const t0 = Date.now();
      const queued = await fetch(`${base}/api/v3/visual-readings/${family}/jobs`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (queued.status !== 202) throw new Error(`queueing answered ${queued.status}: ${await queued.text()}`);
      const { poll } = (await queued.json()) as { poll: string };
      for (;;) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const polled = (await (await fetch(base + poll, { headers })).json()) as {
          job: { status: string; error_code: string | null };
          artifacts: Record<string, { status: string }>;
        };
        if (polled.job.status === 'failed') throw new Error(`${family} job failed: ${polled.job.error_code}`);
        if (polled.job.status === 'succeeded' && Object.values(polled.artifacts).every((a) => a.status === 'ready')) return Date.now() - t0;
      }
    };
    // One warm-up job of each family (first Chromium page, first WASM kernels), not counted.
    await runJob('face', -1);
    await runJob('palm', -1);
    const rows: string[] = [];
    for (const family of ['face', 'palm'] as const) {
      const latencies: number[] = [];
      for (let i = 0; i < JOBS; i++) latencies.push(await runJob(family, i));
      latencies.sort((a, b) => a - b);
      const target = family === 'face' ? 3000 : 5000;
      rows.push(
        `| ${family} | ${JOBS} | ${percentile(latencies, 0.5)} | ${percentile(latencies, 0.9)} | ${latencies[latencies.length - 1]} | < ${target} ms: ${percentile(latencies, 0.5) < target ? 'met' : 'NOT met'} |`,
      );
    }
    console.log(`
visual benchmark, ${machineLine()}
sku branded (JSON + hosted page + PDF), one job at a time, polled every ${POLL_MS} ms; models loaded once in ${modelLoadMs} ms; worker process RSS ${Math.round(rssBefore / 1e6)} MB after loading, ${Math.round(process.memoryUsage().rss / 1e6)} MB at the end

| family | jobs | p50 queue→artifacts ms | p90 ms | max ms | target (p50) |
|---|---|---|---|---|---|
${rows.join('\n')}`);
  } finally {
    worker.shutdown();
    await running;
    await renderer.close();
    await connection.close();
    await api.close();
    await db.close();
    await temporal.teardown();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
