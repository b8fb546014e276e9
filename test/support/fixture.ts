import { Client, Connection } from '@temporalio/client';
import { createCustomerUser } from '@astro/accounts';
import { payloadCodec } from '@astro/codec';
import { PlatformConfig } from '@astro/config';
import { Tier } from '@astro/contracts';
import { Database } from '@astro/database';
import { connectTestDatabase, createAccount, startApi, startWorker, testConfig, TestApi, TestWorker, WrapActivities } from './harness';
import { WebhookReceiver } from './webhook-receiver';

/** What a test file asks to be started for it, once, before its tests. */
export interface TestPlatformOptions {
  /** more configuration (environment variables) for the API and the worker */
  env?: NodeJS.ProcessEnv;
  /** a real worker on the file's task queue; a function wraps the real activities to inject faults */
  worker?: boolean | WrapActivities;
  /** a webhook receiver on 127.0.0.1, with OUTBOUND_ALLOWLIST letting it through and retries 0 s, 1 s, 1 s apart */
  receiver?: boolean;
}

/** The started pieces: the tests' database connection, the API, and the worker and receiver when asked for. */
export interface TestPlatform {
  db: Database;
  api: TestApi;
  config: PlatformConfig;
  /** only when the options asked for a worker */
  worker: TestWorker;
  /** only when the options asked for a receiver */
  receiver: WebhookReceiver;
  /** A new account with an API key and a customer user, logged in: its session token (customer routes). */
  customer(options?: { tier?: Tier; credits?: number; password?: string }): Promise<Customer>;
  stop(): Promise<void>;
}

export interface Customer {
  accountId: string;
  apiKey: string;
  apiKeyId: string;
  email: string;
  session: string;
}

/** Starts what `options` asks for against the test database and Temporal server of `npm test`. */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const db = await connectTestDatabase();
  const receiver = options.receiver ? new WebhookReceiver() : undefined;
  await receiver?.start();
  const config = testConfig({
    ...(receiver ? { OUTBOUND_ALLOWLIST: '127.0.0.1/32', WEBHOOK_RETRY_SCHEDULE: '0,1,1' } : {}),
    ...options.env,
  });
  const api = await startApi(config);
  const worker = options.worker
    ? await startWorker(config, db, typeof options.worker === 'function' ? options.worker : undefined)
    : undefined;
  return {
    db,
    api,
    config,
    get worker(): TestWorker {
      if (!worker) throw new Error('this test file started no worker: pass { worker: true }');
      return worker;
    },
    get receiver(): WebhookReceiver {
      if (!receiver) throw new Error('this test file started no webhook receiver: pass { receiver: true }');
      return receiver;
    },
    customer: (customerOptions) => createCustomer(db, api, customerOptions),
    async stop() {
      await worker?.stop();
      await api.close();
      await receiver?.stop();
      await db.close();
    },
  };
}

/** A Temporal client as the API's: the platform's codec, so payloads in Temporal stay encrypted (@astro/codec). */
export async function connectTemporal(config: PlatformConfig): Promise<{ connection: Connection; client: Client }> {
  const connection = await Connection.connect({ address: config.temporal.address });
  return {
    connection,
    client: new Client({ connection, namespace: config.temporal.namespace, dataConverter: { payloadCodecs: [payloadCodec(config)] } }),
  };
}

/** A new account with an API key and a customer user, logged in: its session token (customer routes). */
export async function createCustomer(
  db: Database,
  api: TestApi,
  options: { tier?: Tier; credits?: number; password?: string } = {},
): Promise<Customer> {
  const { password = 'correct horse battery', ...accountOptions } = options;
  const account = await createAccount(db, { credits: 50, ...accountOptions });
  const email = `customer-${account.accountId}@example.com`;
  await createCustomerUser(db, { accountId: account.accountId, email, password });
  const login = await api.http.post('/v1/sessions', { email, password });
  if (login.status !== 201) throw new Error(`the customer could not log in: ${login.status} ${login.text}`);
  return { ...account, email, session: login.body.token as string };
}

/**
 * The start-up most integration test files share: starts the platform before the file's tests
 * (`use` takes the pieces, e.g. `(p) => ({ db, api } = p)`, and may create the file's accounts)
 * and stops it after them.
 */
export function useTestPlatform(use: (platform: TestPlatform) => unknown, options: TestPlatformOptions = {}): void {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform(options);
    await use(platform);
  }, 60_000);
  afterAll(async () => {
    await platform?.stop();
  });
}

/**
 * The administrator's connection to the test database for a file whose groups start their own APIs
 * and workers: connected before the file's tests (`use` takes it, e.g. `(d) => (db = d)`), closed
 * after them.
 */
export function useTestDatabase(use: (db: Database) => unknown): void {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await connectTestDatabase();
    use(db);
  });
  afterAll(async () => {
    await db?.close();
  });
}
