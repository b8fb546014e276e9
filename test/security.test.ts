import { Client, Connection } from '@temporalio/client';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { payloadCodec } from '@astro/codec';
import { createCodecServer } from '../apps/codec-server/src/codec-server';
import { Database } from '@astro/database';
import { JobRecord } from '@astro/contracts';
import { createCustomerUser, issueOperatorKey } from '@astro/accounts';
import { signingKeysOf } from '@astro/delivery';
import { ArtifactUrlSigner } from '@astro/jobs';
import { findAccount } from '@astro/ledger';
import { connectPlatform, createApiApp } from '../apps/api/src/create-app';
import { LoginThrottle } from '../apps/api/src/auth/login-throttle';
import { LoginThrottleStore } from '../apps/api/src/auth/login-throttle-store';
import {
  connectAsApplication,
  connectTestDatabase,
  createAccount,
  eventually,
  HttpClient,
  HttpResponse,
  startApi,
  startWorker,
  testConfig,
  TestApi,
  TestWorker,
} from './support/harness';
import { openApiContract, OpenApiOperation } from './support/openapi-contract';
import { createCustomer } from './support/fixture';
import { createScratchDatabase, ScratchDatabase } from './support/scratch-database';

let db: Database;

beforeAll(async () => {
  db = await connectTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('signed links cannot be forged or stretched', () => {
  let api: TestApi;
  let worker: TestWorker;
  let job: JobRecord;
  let owner: { accountId: string; apiKey: string };
  const secret = 'link-secret-for-this-test-0123456789';
  const previous = 'the-secret-before-the-rotation-000000';

  beforeAll(async () => {
    const config = testConfig({ ARTIFACT_URL_SECRET: secret, ARTIFACT_URL_PREVIOUS_SECRET: previous });
    api = await startApi(config);
    worker = await startWorker(config, db);
    owner = await createAccount(db, { credits: 10 });
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-04-10T00:00:00Z' }, { key: owner.apiKey });
    job = await eventually(
      async () => {
        const response = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: owner.apiKey });
        return response.body.status === 'succeeded' ? (response.body as JobRecord) : undefined;
      },
      60_000,
      'the probe job',
    );
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  const path = () => `/v1/artifacts/${job.job_id}/snapshot.json`;

  it('serves a valid link', async () => {
    expect((await api.http.get(job.artifacts.json!.url!)).status).toBe(200);
  });

  it('refuses a link signed the old way with the default string that was in the public source', async () => {
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = createHmac('sha256', 'dev-only-artifact-secret-change-me')
      .update(`${job.job_id}/snapshot.json:${expires}`)
      .digest('hex');
    const response = await api.http.get(`${path()}?expires=${expires}&signature=${signature}`);
    expect([response.status, response.body.code]).toEqual([403, '403']);
  });

  it('refuses a far-future expiry even with a correct signature', async () => {
    const forger = new ArtifactUrlSigner({ current: secret }, 10 * 365 * 24 * 3600, 100 * 365 * 24 * 3600);
    const response = await api.http.get(forger.sign(job.job_id, owner.accountId, 'snapshot.json').url);
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/lifetime longer than the maximum/);
  });

  it("refuses a link moved to another tenant: signed for account B, or with B's job id in A's link", async () => {
    const other = await createAccount(db);
    const signer = new ArtifactUrlSigner({ current: secret }, 600);
    expect((await api.http.get(signer.sign(job.job_id, other.accountId, 'snapshot.json').url)).status).toBe(403);
    const swapped = job.artifacts.json!.url!.replace(job.job_id, 'job_0123456789abcdef01234567');
    expect((await api.http.get(swapped)).status).toBe(403);
  });

  it('keeps links of the previous secret valid until they expire (rotation)', async () => {
    const before = new ArtifactUrlSigner({ current: previous }, 600);
    expect((await api.http.get(before.sign(job.job_id, owner.accountId, 'snapshot.json').url)).status).toBe(200);
    const expired = before.sign(job.job_id, owner.accountId, 'snapshot.json', Date.now() - 3600_000);
    expect((await api.http.get(expired.url)).status).toBe(403);
  });

  it("refuses an upload PUT link that claims more than 15 minutes, and one used with another method's signature", async () => {
    const created = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'face', content_type: 'image/jpeg', byte_size: 4 },
      { key: owner.apiKey },
    );
    expect(created.status).toBe(201);
    const forger = new ArtifactUrlSigner({ current: secret }, 600);
    const longLived = forger.signUpload(created.body.upload_id, owner.accountId, 24 * 3600).url;
    const put = (url: string) => api.http.request('PUT', url, { raw: Buffer.from('abcd'), contentType: 'image/jpeg' });
    expect((await put(longLived)).status).toBe(403);
    // A download-style (GET) signature over the same path is not a PUT signature.
    const getStyle = forger.sign(created.body.upload_id, owner.accountId, 'bytes').url;
    expect((await put(`${created.body.upload_url.split('?')[0]}?${getStyle.split('?')[1]}`)).status).toBe(403);
  });
});

describe('the application role cannot rewrite history or the schema', () => {
  let app: Database;
  beforeAll(async () => {
    app = await connectAsApplication();
  });
  afterAll(async () => {
    await app.close();
  });

  const failure = (sql: string) =>
    app.query(sql).then(
      () => 'succeeded',
      (err: { code?: string; driverError?: { code?: string } }) => err.code ?? err.driverError?.code,
    );

  it('reads and appends the event log but cannot update, delete or truncate it', async () => {
    expect(Number((await app.query<{ n: string }>('SELECT count(*) AS n FROM events'))[0].n)).toBeGreaterThanOrEqual(0);
    expect(await failure(`UPDATE events SET payload = '{}' WHERE position = 1`)).toBe('42501');
    expect(await failure('DELETE FROM events')).toBe('42501');
    expect(await failure('TRUNCATE events')).toBe('42501');
  });

  it('cannot switch the append-only trigger off, drop or create tables, or become superuser', async () => {
    expect(await failure('SET session_replication_role = replica')).toBe('42501');
    expect(await failure('DROP TABLE accounts')).toBe('42501');
    expect(await failure('ALTER TABLE events DISABLE TRIGGER ALL')).toBe('42501');
    expect(await failure('CREATE TABLE stolen (x int)')).toBe('42501');
    const [role] = await app.query<{ rolsuper: boolean; current_user: string }>(
      'SELECT rolsuper, current_user FROM pg_roles WHERE rolname = current_user',
    );
    expect(role).toEqual({ rolsuper: false, current_user: 'astro_app' });
  });

  it('is the role the API works with: a charge through the API is written by astro_app', async () => {
    const api = await startApi();
    try {
      const { apiKey } = await createAccount(db, { credits: 2 });
      expect((await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', { key: apiKey })).status).toBe(200);
      const [user] = await api.handle.platform.db.query<{ current_user: string }>('SELECT current_user');
      expect(user.current_user).toBe('astro_app');
    } finally {
      await api.close();
    }
  });
});

// Login throttling: counters shared by the replicas in PostgreSQL, the client address from
// X-Forwarded-For only through a trusted proxy, a per-address limit apart from the per-e-mail
// back-off, and that back-off capped so no one can lock an owner out. Requests come from their own
// loopback source address (127.x.y.z) or name their client through a trusted proxy, so counts of
// other test files (all from 127.0.0.1) never mix with these.
describe('login throttling: shared counters, trusted proxies, no lock-out', () => {
  const PROXY_TRUSTED = { TRUST_PROXY: '127.0.0.0/8' };
  const apis: TestApi[] = [];
  let clockMs = Date.UTC(2026, 0, 1);
  const clock = () => clockMs;
  /**
   * The counters of these APIs in a database of their own: the APIs of other test files, on the real
   * clock, sweep the shared table of rows quiet for 15 minutes by their clock, which rows dated by
   * `clock` always are; on a slow run a sweep would forget a count in the middle of a test.
   */
  let throttleScratch: ScratchDatabase;
  let throttleDb: Database;
  beforeAll(async () => {
    throttleScratch = await createScratchDatabase('astro_throttle');
    throttleDb = await Database.connect(throttleScratch.url, { poolSize: 4, applicationName: 'astro-test-throttle' });
  });

  /** An API whose login throttle reads `clock`, so back-offs are stepped through, not waited for. */
  async function startApiWithClock(env: NodeJS.ProcessEnv = {}): Promise<TestApi> {
    const config = testConfig(env);
    const platform = await connectPlatform(config);
    platform.loginThrottle = new LoginThrottle(new LoginThrottleStore(throttleDb), config.loginThrottle, clock);
    const handle = await createApiApp(platform, ['error']);
    await handle.app.listen(0, '127.0.0.1');
    const { port } = handle.app.getHttpServer().address() as AddressInfo;
    const api = { http: new HttpClient(`http://127.0.0.1:${port}`), handle, config, close: () => handle.close() };
    apis.push(api);
    return api;
  }
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.close()));
    await throttleDb?.close();
    await throttleScratch?.drop();
  });

  async function customer(password: string) {
    const { accountId } = await createAccount(db);
    const email = `${accountId}@example.com`;
    await createCustomerUser(db, { accountId, email, password });
    return email;
  }
  const unknownEmail = () => `nobody-${randomBytes(6).toString('hex')}@example.com`;
  const randomByte = () => 1 + Math.floor(Math.random() * 254);
  /** A loopback source address of its own (Linux routes all of 127.0.0.0/8 to lo). */
  const loopbackSource = () => `127.${randomByte()}.${randomByte()}.${randomByte()}`;
  /** A client address from the documentation ranges, different in every call. */
  const clientAddress = () => `198.51.${randomByte()}.${randomByte()}`;

  /** POST /v1/sessions over a socket bound to `from`, with an optional X-Forwarded-For. */
  function login(api: TestApi, body: { email: string; password: string }, from: string, forwardedFor?: string) {
    const payload = JSON.stringify(body);
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Record<string, unknown> }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: new URL(api.http.baseUrl).port,
          method: 'POST',
          path: '/v1/sessions',
          localAddress: from,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(payload),
            ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  it('lets a customer in after 21 failed logins of other people on unknown e-mails from the same address (one proxy, one office)', async () => {
    const api = await startApiWithClock(PROXY_TRUSTED);
    const email = await customer('correct horse battery');
    const office = clientAddress();
    const proxy = loopbackSource();
    for (let i = 0; i < 21; i++) {
      expect((await login(api, { email: unknownEmail(), password: `guess ${i}` }, proxy, office)).status).toBe(401);
    }
    const owner = await login(api, { email, password: 'correct horse battery' }, proxy, office);
    expect(owner.status).toBe(201);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('lets the customer in after 6 wrong logins on random unknown e-mails from their own address', async () => {
    const api = await startApiWithClock();
    const email = await customer('correct horse battery');
    const from = loopbackSource();
    for (let i = 0; i < 6; i++) expect((await login(api, { email: unknownEmail(), password: `guess ${i}` }, from)).status).toBe(401);
    expect((await login(api, { email, password: 'correct horse battery' }, from)).status).toBe(201);
  });

  it('answers the 6th wrong password in a row with 429 and Retry-After, and lets the right one in after the back-off', async () => {
    const api = await startApiWithClock();
    const email = await customer('correct horse battery');
    const from = loopbackSource();
    for (let i = 0; i < 5; i++) expect((await login(api, { email, password: `wrong ${i}` }, from)).status).toBe(401);
    const sixth = await login(api, { email, password: 'wrong 6' }, from);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ error: 'rate_limited', code: 'login_throttled', request_id: expect.any(String) });
    expect(sixth.headers['retry-after']).toBe('1');
    // Even the right password waits out the back-off…
    expect((await login(api, { email, password: 'correct horse battery' }, from)).status).toBe(429);
    clockMs += 1_000;
    // …and then works, and clears the count.
    expect((await login(api, { email, password: 'correct horse battery' }, from)).status).toBe(201);
    expect((await login(api, { email, password: 'wrong again' }, from)).status).toBe(401);
  });

  it("cannot lock an owner out: after someone else's guesses at the e-mail, the owner waits at most 30 s", async () => {
    const api = await startApiWithClock(PROXY_TRUSTED);
    const email = await customer('correct horse battery');
    const attacker = clientAddress();
    const proxy = loopbackSource();
    // The attacker guesses whenever the back-off allows: 1, 2, 4, 8, 16, then 30 s, 30 s, 30 s.
    const waits: string[] = [];
    for (let i = 0; i < 13; i++) {
      const guess = await login(api, { email, password: `guess ${i}` }, proxy, attacker);
      if (guess.status === 429) {
        waits.push(String(guess.headers['retry-after']));
        clockMs += Number(guess.headers['retry-after']) * 1000;
        expect((await login(api, { email, password: `guess ${i}` }, proxy, attacker)).status).toBe(401);
      } else {
        expect(guess.status).toBe(401);
      }
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '30', '30', '30']);
    // The owner, from another address right after the last guess, waits the same 30 s, no more.
    const owner = clientAddress();
    const refused = await login(api, { email, password: 'correct horse battery' }, proxy, owner);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
    clockMs += 30_000;
    expect((await login(api, { email, password: 'correct horse battery' }, proxy, owner)).status).toBe(201);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: the socket address is counted', async () => {
    const api = await startApiWithClock({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    const from = loopbackSource();
    for (let i = 0; i < 3; i++) {
      expect((await login(api, { email: unknownEmail(), password: 'guess' }, from, clientAddress())).status).toBe(401);
    }
    // A fresh X-Forwarded-For buys nothing: the limit of the socket address holds.
    const fourth = await login(api, { email: unknownEmail(), password: 'guess' }, from, clientAddress());
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'login_throttled' });
    // Another socket address is not held back.
    expect((await login(api, { email: unknownEmail(), password: 'guess' }, loopbackSource())).status).toBe(401);
  });

  it('honours X-Forwarded-For through a trusted proxy: the client it names is counted, and prepended addresses change nothing', async () => {
    const api = await startApiWithClock({ ...PROXY_TRUSTED, LOGIN_FAILURES_PER_ADDRESS: '3' });
    const proxy = loopbackSource();
    const client = clientAddress();
    for (let i = 0; i < 3; i++) expect((await login(api, { email: unknownEmail(), password: 'guess' }, proxy, client)).status).toBe(401);
    expect((await login(api, { email: unknownEmail(), password: 'guess' }, proxy, client)).status).toBe(429);
    // The proxy appends the real peer: whatever the client wrote before it is not trusted.
    expect((await login(api, { email: unknownEmail(), password: 'guess' }, proxy, `${clientAddress()}, ${client}`)).status).toBe(429);
    // Another client behind the same proxy is not held back.
    expect((await login(api, { email: unknownEmail(), password: 'guess' }, proxy, clientAddress())).status).toBe(401);
  });

  it('shares the counters between two API replicas: failures on one count on the other', async () => {
    const env = { ...PROXY_TRUSTED, LOGIN_FAILURES_PER_ADDRESS: '4' };
    const [a, b] = [await startApiWithClock(env), await startApiWithClock(env)];
    const proxy = loopbackSource();
    // Per e-mail: five failures spread over both replicas, the sixth refused on either.
    const email = await customer('correct horse battery');
    for (let i = 0; i < 5; i++) {
      expect((await login(i % 2 ? b : a, { email, password: `wrong ${i}` }, proxy, clientAddress())).status).toBe(401);
    }
    expect((await login(a, { email, password: 'wrong 6' }, proxy, clientAddress())).status).toBe(429);
    expect((await login(b, { email, password: 'wrong 6' }, proxy, clientAddress())).status).toBe(429);
    // Per address: four failures spread over both replicas, the fifth refused.
    const client = clientAddress();
    for (let i = 0; i < 4; i++) {
      expect((await login(i % 2 ? b : a, { email: unknownEmail(), password: 'guess' }, proxy, client)).status).toBe(401);
    }
    expect((await login(b, { email: unknownEmail(), password: 'guess' }, proxy, client)).status).toBe(429);
    expect((await login(a, { email: unknownEmail(), password: 'guess' }, proxy, client)).status).toBe(429);
  });

  it('keeps the API answering during a flood: 100 parallel wrong logins, a concurrent GET /v1/planets answered before the flood drains', async () => {
    const api = await startApiWithClock(PROXY_TRUSTED);
    const emails = await Promise.all([0, 1, 2, 3].map(() => customer('a strong password here')));
    const { apiKey } = await createAccount(db, { credits: 10 });
    // Warm: the first call of a fresh API opens the ephemeris and caches the key.
    expect((await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', { key: apiKey })).status).toBe(200);
    const proxy = loopbackSource();
    let settled = 0;
    const flood = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(api, { email: emails[i % 4], password: `guess ${i}` }, proxy, clientAddress()).finally(() => settled++),
      ),
    );
    // Relative to the flood, not to the clock (the latency itself is a benchmark's business): the
    // password hashing runs off the event loop, so the planets call does not queue behind it.
    const planets = await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', { key: apiKey });
    const settledBeforePlanets = settled;
    const statuses = (await flood).map((r) => r.status);
    expect(planets.status).toBe(200);
    expect(settledBeforePlanets).toBeLessThan(100);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(50);
  });
});

describe('webhook secrets, credentials in their own header, response headers', () => {
  let api: TestApi;
  let session: string;
  let apiKey: string;
  beforeAll(async () => {
    api = await startApi();
    const account = await createAccount(db);
    apiKey = account.apiKey;
    const email = `${account.accountId}@example.com`;
    await createCustomerUser(db, { accountId: account.accountId, email, password: 'correct horse battery' });
    session = (await api.http.post('/v1/sessions', { email, password: 'correct horse battery' })).body.token;
  });
  afterAll(async () => {
    await api.close();
  });

  it('stores webhook signing secrets encrypted, shows each once, and keeps at most two active through rotations', async () => {
    const created = await api.http.post(
      '/v1/report-webhooks',
      { url: 'https://example.com/hooks/astro', events: ['report.completed'] },
      { key: session },
    );
    expect(created.status).toBe(201);
    const secret = Buffer.from(String(created.body.secret).replace(/^whsec_/, ''), 'base64');
    const stored = await db.query<{ key: Buffer }>(`SELECT key FROM webhook_secrets WHERE subscription_id = $1`, [created.body.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].key.subarray(0, 4).toString()).toBe('wse1');
    expect(stored[0].key.includes(secret)).toBe(false);
    expect((await api.http.get(`/v1/report-webhooks/${created.body.id}`, { key: session })).text).not.toContain(created.body.secret);

    const secrets: string[] = [];
    for (let i = 0; i < 3; i++) {
      const rotated = await api.http.post(`/v1/report-webhooks/${created.body.id}/rotate-secret`, {}, { key: session });
      expect(rotated.status).toBe(200);
      secrets.push(rotated.body.secret);
    }
    const keys = await signingKeysOf(db, created.body.id);
    expect(keys).toHaveLength(2);
    const current = keys.find((k) => k.retiresAt === null)!;
    const previous = keys.find((k) => k.retiresAt !== null)!;
    expect(`whsec_${current.key.toString('base64')}`).toBe(secrets[2]);
    expect(`whsec_${previous.key.toString('base64')}`).toBe(secrets[1]);
    expect(previous.retiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('accepts a session token only as Authorization: Bearer, never in X-API-Key', async () => {
    expect((await api.http.get('/v1/report-webhooks', { key: session })).status).toBe(200);
    const inApiKeyHeader = await api.http.get('/v1/report-webhooks', { headers: { 'X-API-Key': session } });
    expect(inApiKeyHeader.status).toBe(401);
    expect(inApiKeyHeader.body.message).toMatch(/only as Authorization: Bearer/);
    expect((await api.http.get('/v1/account', { headers: { 'X-API-Key': apiKey } })).status).toBe(200);
  });

  it('sends nosniff everywhere, no-store on authenticated answers, and a strict CSP on the Swagger page', async () => {
    const authenticated = await api.http.get('/v1/account', { key: apiKey });
    expect(authenticated.headers.get('x-content-type-options')).toBe('nosniff');
    expect(authenticated.headers.get('cache-control')).toBe('no-store');
    const docs = await api.http.get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('x-content-type-options')).toBe('nosniff');
    expect(docs.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self'.*frame-ancestors 'none'/);
    expect((await api.http.get('/v1/pricing')).headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('birth data in Temporal', () => {
  it('is encrypted in the workflow history: a raw read of the history finds no birth date, name or place', async () => {
    const config = testConfig();
    const api = await startApi(config);
    const worker = await startWorker(config, db);
    try {
      const { apiKey } = await createAccount(db, { credits: 100 });
      const birth = { date: '1987-11-02', time: '06:41', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
      const queued = await api.http.post(
        '/api/v3/reports/solar-return/pdf',
        { birth_subject: birth, target_year: 2026, name: 'Kanokwan Thongdee' },
        { key: apiKey },
      );
      expect(queued.status).toBe(202);
      await eventually(
        async () => {
          const response = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: apiKey });
          return ['succeeded', 'failed'].includes(response.body.status) ? response.body : undefined;
        },
        90_000,
        'the report',
      );
      // A client without the codec sees what the server stores and what the Web UI would show.
      const connection = await Connection.connect({ address: config.temporal.address });
      const history = await new Client({ connection }).workflow.getHandle(queued.body.job_id).fetchHistory();
      await connection.close();
      // Every byte field of the history (payload data and metadata), decoded, plus the JSON around them.
      const decoded: string[] = [];
      const json = JSON.stringify(history, (key, value) => {
        if (value instanceof Uint8Array) decoded.push(Buffer.from(value).toString('latin1'));
        else if ((key === 'data' || key === 'encoding') && typeof value === 'string')
          decoded.push(Buffer.from(value, 'base64').toString('latin1'));
        return value;
      });
      const raw = `${json}\n${decoded.join('\n')}`;
      expect(raw).toContain('binary/encrypted');
      for (const secret of ['1987-11-02', '06:41', 'Kanokwan', '13.7563', '100.5018'])
        expect(raw.includes(secret) ? secret : 'absent').toBe('absent');
      // Search attributes stay free of personal data: account, kind and stage only.
      const described = await (
        await Connection.connect({ address: config.temporal.address })
      ).workflowService.describeWorkflowExecution({
        namespace: 'default',
        execution: { workflowId: queued.body.job_id },
      });
      // Search attributes are never encoded: they name the account, the kind, the stage, the request,
      // the operation and the price only. No memo: it would be encoded like any payload.
      const attributes = Object.keys(described.workflowExecutionInfo?.searchAttributes?.indexedFields ?? {});
      expect(attributes.filter((a) => a.startsWith('Astro')).sort()).toEqual([
        'AstroAccountId',
        'AstroJobKind',
        'AstroJobStage',
        'AstroOperation',
        'AstroPriceCredits',
        'AstroRequestId',
      ]);
      expect(described.workflowExecutionInfo?.memo?.fields ?? {}).toEqual({});
    } finally {
      await worker.stop();
      await api.close();
    }
  });
});

describe('the codec server of the Temporal Web UI', () => {
  it('decodes an encrypted payload for the Web UI page and for an operator with the token, and refuses anyone else', async () => {
    const config = testConfig();
    const codec = payloadCodec(config);
    const server = createCodecServer({ codec, allowedOrigins: ['http://127.0.0.1:8233'], token: 'operator-token' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
    try {
      const [encrypted] = await codec.encode([
        { metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from('{"date":"1987-11-02"}') },
      ]);
      const body = JSON.stringify({
        payloads: [
          {
            metadata: Object.fromEntries(Object.entries(encrypted.metadata!).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
            data: Buffer.from(encrypted.data!).toString('base64'),
          },
        ],
      });
      const refused = await fetch(`${url}/decode`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(refused.status).toBe(401);
      // Another origin (a web site open in the operator's browser) gets neither a payload nor CORS headers, token or not.
      for (const headers of [{}, { Authorization: 'Bearer operator-token' }] as Record<string, string>[]) {
        const foreign = await fetch(`${url}/decode`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:8234', ...headers },
          body,
        });
        expect(foreign.status).toBe(403);
        expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      }
      const preflight = await fetch(`${url}/decode`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:8233',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-namespace',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type, X-Namespace/);
      const fromUi = await fetch(`${url}/decode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:8233' },
        body,
      });
      expect(fromUi.status).toBe(200);
      expect(fromUi.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8233');
      const decoded = await fetch(`${url}/decode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer operator-token' },
        body,
      });
      const [payload] = ((await decoded.json()) as { payloads: { data: string }[] }).payloads;
      expect(Buffer.from(payload.data, 'base64').toString()).toBe('{"date":"1987-11-02"}');
    } finally {
      await server.close();
    }
  });
});

// Forged list cursors: every list that pages with `cursor` parses and checks it before any query.
describe('forged list cursors are 400s naming cursor, on every list', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const FORGED = [
    'MjAyNC0wMi0zMHx4', // "2024-02-30|x"
    b64('2024-02-30T00:00:00Z|cip_0123456789abcdef01234567'),
    b64('2024-02-29T24:00:00Z|brand_0123456789abcdef01234567'),
    b64('0000-01-01T00:00:00Z|cip_0123456789abcdef01234567'),
    b64('99999999999999999999'),
    b64('-1'),
    b64("1' OR '1'='1"),
    'bm90IGEgY3Vyc29y=',
  ];

  it('GET /v1/report-brand-profiles?cursor=MjAyNC0wMi0zMHx4 is a 400 naming cursor (was a 500)', async () => {
    const { apiKey } = await createAccount(db);
    const response = await api.http.get('/v1/report-brand-profiles?cursor=MjAyNC0wMi0zMHx4', { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('cursor'),
      request_id: expect.any(String),
    });
  });

  it('the Cultural Intelligence profile list with a cursor of 2024-02-30T00:00:00Z is a 400 naming cursor (was a 500)', async () => {
    const { apiKey } = await createAccount(db, { tier: 'enterprise', credits: 0 });
    const org = await api.http.post(
      '/v1/cultural-intelligence/orgs',
      { name: 'People team', default_locale: 'en', audience: 'manager' },
      { key: apiKey },
    );
    expect(org.status).toBe(201);
    const cursor = b64('2024-02-30T00:00:00Z|cip_0123456789abcdef01234567');
    const response = await api.http.get(`/v1/cultural-intelligence/orgs/${org.body.org_id}/profiles?cursor=${cursor}`, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/cursor: must be the next_cursor/);
  });

  it('every operation of the document with a cursor parameter refuses every forged cursor with a 400 naming it', async () => {
    const { apiKey, session } = await createCustomer(db, api, { tier: 'enterprise', credits: 0 });
    const org = await api.http.post(
      '/v1/cultural-intelligence/orgs',
      { name: 'People team', default_locale: 'en', audience: 'manager' },
      { key: apiKey },
    );
    const lists = openApiContract().operations.filter(
      (o) => o.method === 'GET' && (o.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(5);
    const failures: string[] = [];
    for (const operation of lists) {
      const path = operation.path.replace(/\{[^}]+\}/g, () => org.body.org_id);
      for (const cursor of FORGED) {
        const takesApiKey = operation.security.some((s) => 'apiKey' in s);
        const response = await api.http.get(`${path}?cursor=${encodeURIComponent(cursor)}`, { key: takesApiKey ? apiKey : session });
        if (response.status !== 400 || !/cursor/.test(String(response.body.message))) {
          failures.push(`${operation.operationId} ${cursor} → ${response.status} ${response.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

// Minor findings: malformed HTTP in the envelope, impossible calendar dates refused everywhere.
describe('a body that does not match its Content-Length is answered in the error envelope', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  /** Writes `text` to the API over a bare socket, half-closes it after the write, and answers what came back. */
  function rawExchange(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(api.http.baseUrl).port), '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.end(text);
    });
  }

  function parse(answer: string) {
    const [head, ...rest] = answer.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) };
  }

  it.each([
    ['shorter than the body', -5, '/v1/sessions'],
    ['longer than the body', 5, '/v1/sessions'],
    ['longer than the body, on a direct (Fastify-only) route', 5, '/v1/natal-chart'],
  ])('Content-Length %s: 400 with error, message, code and request_id, and our headers', async (_what, delta, path) => {
    const body = '{"email":"someone@example.com","password":"not the password"}';
    const answer = await rawExchange(
      `POST ${path} HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: ${body.length + delta}\r\n\r\n${body}`,
    );
    const { status, headers, body: envelope } = parse(answer);
    expect(status).toBe(400);
    expect(envelope).toEqual({
      error: 'bad_request',
      code: '400',
      message: expect.stringMatching(/^request: /),
      request_id: expect.any(String),
    });
    expect(headers['x-request-id']).toBe(envelope.request_id);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('every calendar date in every schema is a real date', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  type Json = unknown;
  const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
  /** The same value on 30 February of its year: a day that does not exist. */
  const onFebruary30 = (value: string) => value.replace(/^(\d{4})-\d{2}-\d{2}/, '$1-02-30');

  /** Paths (keys and indexes) of every string in `value` that starts with a date. */
  function datePaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
    if (typeof value === 'string') return DATE_LIKE.test(value) ? [path] : [];
    if (Array.isArray(value)) return value.flatMap((item, i) => datePaths(item, [...path, i]));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => datePaths(v, [...path, k]));
    return [];
  }

  function replaced(value: Json, path: (string | number)[]): Json {
    if (path.length === 0) return onFebruary30(value as string);
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
    copy[path[0]] = replaced(copy[path[0]], path.slice(1));
    return copy;
  }

  /** A value for a query parameter: its documented example, or a date of the format its schema names. */
  function queryExample(parameter: { example?: unknown; schema?: Record<string, unknown> }): string | undefined {
    if (parameter.example !== undefined) return String(parameter.example);
    if (parameter.schema?.format === 'date-time') return '2024-03-20T12:00:00Z';
    if (parameter.schema?.format === 'date') return '2024-03-20';
    if (String(parameter.schema?.pattern ?? '').startsWith('^\\d{4}-\\d{2}-\\d{2}')) return '2024-03-20';
    return undefined;
  }

  it('a 02-30 in any date field of any documented request is a 400 naming the field, and nothing is charged', async () => {
    const customer = await createCustomer(db, api, { tier: 'enterprise', credits: 1_000 });
    const operator = await issueOperatorKey(db, 'calendar date walk');
    const org = await api.http.post(
      '/v1/cultural-intelligence/orgs',
      { name: 'People team', default_locale: 'en', audience: 'manager' },
      { key: customer.apiKey },
    );
    const credential = (operation: OpenApiOperation) => {
      const kinds = operation.security.flatMap((s) => Object.keys(s));
      if (kinds.includes('apiKey')) return customer.apiKey;
      if (kinds.includes('sessionBearer')) return customer.session;
      return kinds.includes('operatorBearer') ? operator.key : undefined;
    };
    const tried: string[] = [];
    const failures: string[] = [];
    for (const operation of openApiContract().operations) {
      if (operation.method === 'DELETE' || ['putVisualUpload', 'downloadArtifact'].includes(operation.operationId)) continue;
      const parameters = (operation.parameters ?? []) as {
        name: string;
        in: string;
        required?: boolean;
        example?: unknown;
        schema?: Record<string, unknown>;
      }[];
      const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
        return encodeURIComponent(name === 'org_id' ? org.body.org_id : String(parameter?.example ?? parameter?.schema?.example ?? 'x'));
      });
      const query: Record<string, string> = {};
      for (const parameter of parameters.filter((p) => p.in === 'query')) {
        const example = queryExample(parameter);
        if (example !== undefined && (parameter.required || DATE_LIKE.test(example))) query[parameter.name] = example;
      }
      const content = (operation.requestBody?.content['application/json'] ?? {}) as {
        example?: Json;
        examples?: Record<string, { value?: Json }>;
      };
      const body = content.example ?? Object.values(content.examples ?? {})[0]?.value;
      const send = (q: Record<string, string>, b: Json) =>
        api.http.request(operation.method, `${path}${Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`, {
          key: credential(operation),
          json: b,
        });
      const cases: [string, () => Promise<HttpResponse>][] = [
        ...Object.keys(query)
          .filter((name) => DATE_LIKE.test(query[name]))
          .map((name): [string, () => Promise<HttpResponse>] => [name, () => send({ ...query, [name]: onFebruary30(query[name]) }, body)]),
        ...datePaths(body).map((at): [string, () => Promise<HttpResponse>] => [at.join('.'), () => send(query, replaced(body, at))]),
      ];
      for (const [field, request] of cases) {
        const what = `${operation.operationId} ${field}`;
        tried.push(what);
        const response = await request();
        const named = String(
          field
            .split('.')
            .filter((p) => !/^\d+$/.test(p))
            .pop(),
        );
        if (response.status !== 400 || !String(response.body?.message).includes(named)) {
          failures.push(`${what} → ${response.status} ${response.text.slice(0, 200)}`);
        }
      }
    }
    // The operator's reconciliation report is not in the customers' document: its two bounds by hand.
    for (const [field, query] of [
      ['from', 'from=2026-02-30&to=2026-03-01'],
      ['to', 'from=2026-02-01&to=2026-02-30T00:00:00Z'],
    ]) {
      tried.push(`getFinanceReconciliation ${field}`);
      const response = await api.http.get(`/v1/admin/finance/reconciliation?${query}`, { key: operator.key });
      if (response.status !== 400 || !String(response.body?.message).includes(field)) {
        failures.push(`getFinanceReconciliation ${field} → ${response.status} ${response.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toEqual(
      expect.arrayContaining(['createCiCampaignContent from', 'createCiCampaignContent to', 'getVisualReadingEconomics from']),
    );
    expect(tried.length).toBeGreaterThan(50);
    // Nothing was charged: no credit and no Cultural Intelligence unit.
    expect(Number((await findAccount(db, customer.accountId))!.balance)).toBe(1_000);
    const [units] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE stream_id = $1 AND event_type = 'CiUnitsCharged'`,
      [`org:${org.body.org_id}`],
    );
    expect(Number(units.n)).toBe(0);
  });
});

describe('npm start prints no secret in full', () => {
  it('shows the demo API key by its first characters and the file it is in, never the whole key', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the start script's own module (plain JS)
    const { startBanner } = require('../scripts/lib/banner') as {
      startBanner(options: { port: number; temporalUi: string; codecServer?: string; demoKey: string; demoKeyFile: string }): string;
    };
    const demoKey = `ak_live_${randomBytes(32).toString('base64url')}`;
    const banner = startBanner({ port: 3000, temporalUi: 'http://127.0.0.1:8233', demoKey, demoKeyFile: 'var/demo-api-key' });
    expect(banner).not.toContain(demoKey.slice(0, 13));
    expect(banner).toContain(`${demoKey.slice(0, 12)}… (whole key in var/demo-api-key)`);
    // start.js reads the key for that banner only: no other line of it prints the key.
    const start = readFileSync(join(__dirname, '..', 'scripts', 'start.js'), 'utf8');
    expect(start.split('\n').filter((line) => /demoKey|keyFile, 'utf8'/.test(line))).toEqual([
      "  const demoKey = fs.readFileSync(keyFile, 'utf8').trim();",
      '  console.log(startBanner({ port, temporalUi, codecServer, demoKey, demoKeyFile: path.relative(ROOT, keyFile) }));',
    ]);
  });
});
