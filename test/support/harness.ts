import { NativeConnection, Worker } from '@temporalio/worker';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { provisionAccount } from '@astro/accounts';
import { loadConfig, PlatformConfig } from '@astro/config';
import { Tier } from '@astro/contracts';
import { Database } from '@astro/database';
import { connectPlatform, createApiApp, ApiHandle } from '../../apps/api/src/create-app';
import { createRateLimitStore, RateLimiter, RateLimitStore } from '../../apps/api/src/auth/rate-limiter';
import { Activities, createActivities, createWorkers } from '../../apps/worker/src/worker-factory';
import { installTemporalRuntime, startMetricsServer, WorkerMetrics } from '../../apps/worker/src/metrics';
import { PdfRenderer } from '@astro/rendering';
import { openApiContract } from './openapi-contract';
import { recordExample } from './example-recorder';

let temporalRuntime: Promise<string> | null = null;
/**
 * The Temporal runtime of this test file: quiet, with the SDK's Prometheus exporter on a free port
 * (test files share jest's processes, so a fixed port would collide). Answers the exporter's URL.
 */
function quietTemporalRuntime(): Promise<string> {
  temporalRuntime ??= installTemporalRuntime({ port: 0, logLevel: 'ERROR', shutdownSignals: [] });
  return temporalRuntime;
}

/** A configuration pointing at the test database and Temporal server, with its own task queue. */
export function testConfig(env: NodeJS.ProcessEnv = {}): PlatformConfig {
  if (!process.env.TEST_DATABASE_URL || !process.env.TEST_TEMPORAL_ADDRESS) throw new Error('run the tests with `npm test`');
  return loadConfig({
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
    TEMPORAL_TASK_QUEUE: `test-${randomBytes(6).toString('hex')}`,
    ARTIFACTS_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'astro-artifacts-')),
    AUTH_CACHE_TTL_MS: '0',
    ...env,
  });
}

/** The tests' own connection (fixtures, inspection, rebuilds): the administrator, as an operator's CLI. */
export async function connectTestDatabase(): Promise<Database> {
  return Database.connect(process.env.TEST_DATABASE_ADMIN_URL!, { poolSize: 5, applicationName: 'astro-test' });
}

/** A connection as the application role, the one the API and the workers use. */
export async function connectAsApplication(): Promise<Database> {
  return Database.connect(process.env.TEST_DATABASE_URL!, { poolSize: 2, applicationName: 'astro-test-app' });
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface RequestOptions {
  key?: string;
  headers?: Record<string, string>;
  json?: unknown;
  raw?: string | Buffer;
  contentType?: string;
}

/** A real HTTP client against a listening API. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly validateAgainstDocument = true,
  ) {}

  async request(method: string, pathAndQuery: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = options.contentType ?? 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers['Content-Type'] = options.contentType;
    }
    const response = await fetch(this.baseUrl + pathAndQuery, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    // Every response any test receives must be what the OpenAPI document promises (drift fails the test).
    if (this.validateAgainstDocument) {
      const contract = openApiContract();
      const problems = contract.check(method, pathAndQuery, response.status, response.headers.get('content-type'), parsed);
      if (problems.length > 0) throw new Error(`response does not match the OpenAPI document:\n  ${problems.join('\n  ')}`);
      const operation = contract.operationFor(method, pathAndQuery);
      if (operation) {
        const { status } = response;
        recordExample(operation, pathAndQuery, options.json, status, response.headers.get('content-type'), parsed, response.headers.keys());
      }
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get(pathAndQuery: string, options: RequestOptions = {}) {
    return this.request('GET', pathAndQuery, options);
  }

  post(pathAndQuery: string, json: unknown, options: RequestOptions = {}) {
    return this.request('POST', pathAndQuery, { ...options, json });
  }
}

export interface TestApi {
  http: HttpClient;
  handle: ApiHandle;
  config: PlatformConfig;
  close(): Promise<void>;
}

/** A rate-limit clock fixed at one instant: every request of a test falls in the same window, however slow the machine. */
export function pinnedClock(atMs = Date.now()): () => number {
  return () => atMs;
}

export interface StartApiOptions {
  rateLimitStore?: RateLimitStore;
  /** for tests that count requests up to a limit: `pinnedClock()` (the real clock by default) */
  rateLimitClock?: () => number;
}

export async function startApi(config: PlatformConfig = testConfig(), options: StartApiOptions = {}): Promise<TestApi> {
  const store = options.rateLimitStore ?? createRateLimitStore(config.redisUrl);
  const platform = await connectPlatform(config, store);
  if (options.rateLimitClock) platform.rateLimiter = new RateLimiter(store, config.rateLimits, options.rateLimitClock);
  const handle = await createApiApp(platform, ['error']);
  await handle.app.listen(0, '127.0.0.1');
  const { port } = handle.app.getHttpServer().address() as AddressInfo;
  return { http: new HttpClient(`http://127.0.0.1:${port}`), handle, config, close: () => handle.close() };
}

export async function createAccount(db: Database, options: { tier?: Tier; credits?: number } = {}) {
  const created = await provisionAccount(
    db,
    { name: `test ${randomBytes(3).toString('hex')}`, tier: options.tier ?? 'pro', credits: options.credits ?? 100, withApiKey: true },
    { actor: 'test' },
  );
  return { accountId: created.accountId, apiKey: created.apiKey!, apiKeyId: created.apiKeyId! };
}

export interface TestWorker {
  worker: Worker;
  /** the worker's GET /metrics (its own registry and the Temporal runtime's samples), on a free port */
  metricsUrl: string;
  stop(): Promise<void>;
}

/** What a test may build activities of its own with (e.g. the real delivery activities on another clock). */
export interface WorkerContext {
  config: PlatformConfig;
  db: Database;
  metrics: WorkerMetrics;
}

/** Wraps the real activities of a test worker: a test injects faults, or a clock, around them. */
export type WrapActivities = (real: Activities, context: WorkerContext) => Activities;

/** A real worker on the config's task queue; `wrap` may inject faults around the real activities. */
export async function startWorker(config: PlatformConfig, db: Database, wrap: WrapActivities = (a) => a): Promise<TestWorker> {
  const temporalMetricsUrl = await quietTemporalRuntime();
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const renderer = new PdfRenderer();
  const metrics = new WorkerMetrics({ processMetrics: false });
  const metricsServer = await startMetricsServer({ host: '127.0.0.1', port: 0, registry: metrics.registry, temporalMetricsUrl });
  const activities = wrap(createActivities(config, db, renderer, undefined, metrics), { config, db, metrics });
  const [worker, deliveryWorker] = await createWorkers(config, connection, activities, process.env.TEST_WORKFLOW_BUNDLE);
  const running = Promise.all([worker.run(), deliveryWorker.run()]);
  return {
    worker,
    metricsUrl: `http://127.0.0.1:${metricsServer.port}/metrics`,
    async stop() {
      await metricsServer.close();
      worker.shutdown();
      deliveryWorker.shutdown();
      await running;
      await renderer.close();
      await connection.close();
    },
  };
}

/**
 * Counts the activities running on a test worker, so that a test can wait until none is (instead of
 * sleeping) before it asserts that nothing more was written.
 */
export class ActivityTracker {
  private running = 0;

  wrap(activities: Activities): Activities {
    const wrapped: Record<string, unknown> = {};
    for (const [name, activity] of Object.entries(activities)) {
      wrapped[name] = async (...args: unknown[]) => {
        this.running++;
        try {
          return await (activity as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          this.running--;
        }
      };
    }
    return wrapped as unknown as Activities;
  }

  /** Resolves once no activity is running. */
  idle(timeoutMs = 60_000): Promise<true> {
    return eventually(async () => (this.running === 0 ? true : undefined), timeoutMs, 'the running activities to end');
  }
}

/** Polls until `check` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
