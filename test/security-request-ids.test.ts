import { request as httpRequest } from 'node:http';
import { Database } from '@astro/database';
import { accountStream, readStream } from '@astro/ledger';
import { useTestPlatform } from './support/fixture';
import { createAccount, TestApi } from './support/harness';

/**
 * Request ids are ours (docs/security.md, "Findings of the second probe"): a client's X-Request-Id,
 * even one in our own `req_…` form, is kept only as its own id (`client_request_id`, echoed as
 * X-Client-Request-Id) and never becomes the id of a charge; our ids are random, not a counter.
 */
let db: Database;
let api: TestApi;
useTestPlatform((p) => ({ db, api } = p));

const natal = { birth_datetime: '1990-06-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 };
const OUR_FORM = /^req_[0-9a-f]{24}$/;

const chargesOf = async (accountId: string) => (await readStream(db, accountStream(accountId))).filter((e) => e.type === 'CreditsCharged');

describe('request ids', () => {
  it("never records a charge under a client's id: two tenants sending the same id in our own form get two ids of ours", async () => {
    const a = await createAccount(db, { credits: 10 });
    const b = await createAccount(db, { credits: 10 });
    const first = await api.http.post('/v1/natal-chart', natal, { key: a.apiKey });
    const borrowed = first.headers.get('x-request-id')!;
    // Tenant B sends tenant A's request id as its own.
    const second = await api.http.post('/v1/natal-chart', natal, { key: b.apiKey, headers: { 'X-Request-Id': borrowed } });
    expect(second.status).toBe(200);
    const ours = second.headers.get('x-request-id')!;
    expect(ours).toMatch(OUR_FORM);
    expect(ours).not.toBe(borrowed);
    expect(second.headers.get('x-client-request-id')).toBe(borrowed);

    const [chargeOfA] = await chargesOf(a.accountId);
    const [chargeOfB] = await chargesOf(b.accountId);
    expect(chargeOfA.payload.request_id).toBe(borrowed);
    expect(chargeOfB.payload.request_id).toBe(ours);
    expect(chargeOfB.metadata).toMatchObject({ request_id: ours, client_request_id: borrowed });
  });

  it("keeps a client's own id beside ours in the events a request writes, and answers an error with our id", async () => {
    const c = await createAccount(db, { credits: 10 });
    const created = await api.http.post(
      '/v1/report-webhooks',
      { url: 'https://hooks.example.com/astro', events: ['report.completed'] },
      { key: c.apiKey, headers: { 'X-Request-Id': 'order-7781' } },
    );
    expect(created.status).toBe(201);
    const [event] = await readStream(db, `webhook_subscription:${created.body.id}`);
    expect(event.metadata).toMatchObject({ request_id: created.headers.get('x-request-id'), client_request_id: 'order-7781' });

    const refused = await api.http.post('/v1/natal-chart', { latitude: 13 }, { key: c.apiKey, headers: { 'X-Request-Id': 'order-7782' } });
    expect(refused.status).toBe(400);
    expect(refused.body.request_id).toBe(refused.headers.get('x-request-id'));
    expect(refused.body.request_id).toMatch(OUR_FORM);
    expect(refused.headers.get('x-client-request-id')).toBe('order-7782');
  });

  it('makes ids that are random, not a counter behind a fixed prefix', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await api.http.get('/health')).headers.get('x-request-id')!);
    for (const id of ids) expect(id).toMatch(OUR_FORM);
    // The probe saw one 12-digit prefix per process and a counter after it.
    expect(new Set(ids.map((id) => id.slice(4, 16))).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(16))).size).toBe(ids.length);
  });
});

/** POSTs raw bytes as JSON (fetch would re-encode a string as UTF-8). */
function postBytes(path: string, bytes: Buffer, key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${api.http.baseUrl}${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': bytes.length, Authorization: `Bearer ${key}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

describe('a JSON body that is not UTF-8', () => {
  it('is a 400 naming the body, not a name with U+FFFD in it', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const prefix = Buffer.from('{"name":"Studio ', 'utf8');
    const suffix = Buffer.from('","branding":{"brand_name":"Studio"}}', 'utf8');
    for (const bad of [Buffer.from([0xff]), Buffer.from([0xc3, 0x28]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe0, 0xb8])]) {
      const answer = await postBytes('/v1/report-brand-profiles', Buffer.concat([prefix, bad, suffix]), apiKey);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'bad_request', message: 'invalid body: not valid UTF-8 (send JSON encoded as UTF-8)' });
    }
    // The same body in UTF-8 (Thai included) is taken.
    const good = await postBytes('/v1/report-brand-profiles', Buffer.concat([prefix, Buffer.from('ดวงดาว', 'utf8'), suffix]), apiKey);
    expect(good.status).toBe(201);
  });
});
