import { createCustomerUser, revokeApiKey } from '@astro/accounts';
import { Database } from '@astro/database';
import { createAccount, pinnedClock, startApi, testConfig, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

const DT = '/v1/planets?dt=2024-03-20T12:00:00Z';
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const expectErrorBody = (body: unknown, error: string, code: string) =>
  expect(body).toEqual({ error, message: expect.any(String), code, request_id: expect.stringMatching(/^req_[a-f0-9]{24}$/) });

describe('API keys', () => {
  it('accepts Authorization: Bearer and X-API-Key', async () => {
    const { apiKey } = await createAccount(db, { tier: 'free' });
    const bearer = await api.http.get(DT, { headers: { Authorization: `Bearer ${apiKey}` } });
    const header = await api.http.get(DT, { headers: { 'X-API-Key': apiKey } });
    expect(bearer.status).toBe(200);
    expect(header.status).toBe(200);
    expect(bearer.body.planets).toHaveLength(12);
  });

  it.each([
    ['no credentials', {}],
    ['an unknown key', { Authorization: 'Bearer ak_live_not-a-real-key' }],
    ['a malformed header', { Authorization: 'Token abc' }],
    ['an empty X-API-Key', { 'X-API-Key': '' }],
  ])('answers 401 with the spec body for %s', async (_, headers) => {
    const response = await api.http.get(DT, { headers });
    expect(response.status).toBe(401);
    expectErrorBody(response.body, 'unauthorized', '401');
    expect(response.headers.get('x-request-id')).toBe(response.body.request_id);
  });

  it('stops accepting a revoked key', async () => {
    const { apiKey, apiKeyId } = await createAccount(db);
    expect((await api.http.get(DT, { key: apiKey })).status).toBe(200);
    await revokeApiKey(db, apiKeyId);
    expect((await api.http.get(DT, { key: apiKey })).status).toBe(401);
  });

  it('answers 403 when the tier is not entitled, and charges nothing', async () => {
    const { apiKey } = await createAccount(db, { tier: 'free', credits: 10 });
    const response = await api.http.post('/v1/pipeline-probes', { dt: '2024-01-01T00:00:00Z' }, { key: apiKey });
    expect(response.status).toBe(403);
    expectErrorBody(response.body, 'forbidden', '403');
    expect(response.body.message).toContain('pro tier');
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(10);
  });
});

describe('customer sessions', () => {
  it('exchanges e-mail and password for an expiring token that works on session routes only', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 42 });
    const email = `user-${accountId}@example.com`;
    await createCustomerUser(db, { accountId, email, password: 'correct horse battery' });

    const wrong = await api.http.post('/v1/sessions', { email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expectErrorBody(wrong.body, 'unauthorized', '401');
    const unknown = await api.http.post('/v1/sessions', { email: 'nobody@example.com', password: 'whatever' });
    expect(unknown.status).toBe(401);

    const login = await api.http.post('/v1/sessions', { email: email.toUpperCase(), password: 'correct horse battery' });
    expect(login.status).toBe(201);
    expect(login.body.token).toMatch(/^ses_/);
    const expiresIn = Date.parse(login.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(11 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3600 * 1000);

    const me = await api.http.get('/v1/account', { key: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ account_id: accountId, credits_balance: 42 });
    // An API-key endpoint refuses a session token, and vice versa the key still works there.
    const planets = await api.http.get(DT, { key: login.body.token });
    expect(planets.status).toBe(401);
    expect(planets.body.message).toContain('takes an API key');
    expect((await api.http.get(DT, { key: apiKey })).status).toBe(200);
  });

  it('rejects an expired session token', async () => {
    const { accountId } = await createAccount(db);
    const email = `expired-${accountId}@example.com`;
    await createCustomerUser(db, { accountId, email, password: 'correct horse battery' });
    const login = await api.http.post('/v1/sessions', { email, password: 'correct horse battery' });
    await db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM customer_users WHERE email = $1)`,
      [email],
    );
    expect((await api.http.get('/v1/account', { key: login.body.token })).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After and RateLimit headers past the tier limit, per key', async () => {
    const limited = await startApi(testConfig({ RATE_LIMIT_FREE: '3', RATE_LIMIT_WINDOW_SECONDS: '60' }), {
      rateLimitClock: pinnedClock(),
    });
    try {
      const { apiKey } = await createAccount(db, { tier: 'free', credits: 100 });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await limited.http.get(DT, { key: apiKey });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expectErrorBody(last!.body, 'rate_limited', '429');
      const retryAfter = Number(last!.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(last!.headers.get('ratelimit-limit')).toBe('3');
      expect(last!.headers.get('ratelimit-remaining')).toBe('0');
      // Rejected requests are not charged: three successful calls cost three credits.
      expect((await limited.http.get('/v1/account', { key: apiKey })).status).toBe(429);
      const balance = await db.query<{ balance: string }>(
        `SELECT balance FROM accounts WHERE id = (SELECT account_id FROM api_keys WHERE key_prefix = $1 LIMIT 1)`,
        [apiKey.slice(0, 14)],
      );
      expect(Number(balance[0].balance)).toBe(97);
      // Another key of another account has its own budget.
      const other = await createAccount(db, { tier: 'free' });
      expect((await limited.http.get(DT, { key: other.apiKey })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
