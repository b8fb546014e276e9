import { Database } from '@astro/database';
import { createCustomerUser } from '@astro/accounts';
import { signingKeysOf } from '@astro/delivery';
import { createAccount, startApi, TestApi } from './support/harness';
import { useTestDatabase } from './support/fixture';

let db: Database;
useTestDatabase((connected) => (db = connected));

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
