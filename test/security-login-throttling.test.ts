import { randomBytes } from 'node:crypto';
import { IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { Database } from '@astro/database';
import { createCustomerUser } from '@astro/accounts';
import { connectPlatform, createApiApp } from '../apps/api/src/create-app';
import { LoginThrottle } from '../apps/api/src/auth/login-throttle';
import { LoginThrottleStore } from '../apps/api/src/auth/login-throttle-store';
import { createAccount, HttpClient, testConfig, TestApi } from './support/harness';
import { createScratchDatabase, ScratchDatabase } from './support/scratch-database';
import { useTestDatabase } from './support/fixture';

let db: Database;
useTestDatabase((connected) => (db = connected));

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
