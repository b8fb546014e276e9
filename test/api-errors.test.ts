import { createCustomerUser } from '@astro/accounts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { useTestPlatform } from './support/fixture';
import { createAccount, TestApi } from './support/harness';

let db: Database;
let api: TestApi;
let apiKey: string;
let accountId: string;

useTestPlatform(
  async (p) => {
    ({ db, api } = p);
    ({ apiKey, accountId } = await createAccount(db, { credits: 100 }));
  },
  { env: { MAX_BODY_BYTES: '4096' } },
);

function expectEnvelope(response: { status: number; body: unknown; headers: Headers }, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({
    error,
    message: expect.any(String),
    code: String(status),
    request_id: response.headers.get('x-request-id'),
  });
}

describe('malformed input gets a 4xx with the error body, never a 500', () => {
  const probe = '/v1/pipeline-probes';

  it.each([
    ['malformed JSON', '{"dt": "2024-01-01T00:00:00Z"', 'application/json', 400, 'bad_request', /JSON/],
    ['an empty JSON body', '', 'application/json', 400, 'bad_request', /body/],
    ['a JSON array', '[1,2]', 'application/json', 400, 'bad_request', /body/],
    ['a JSON string', '"x"', 'application/json', 400, 'bad_request', /body/],
    ['text/plain', 'dt=2024', 'text/plain', 415, 'unsupported_media_type', /application\/json/],
    ['form encoding', 'dt=2024', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type', /application\/json/],
    ['prototype poisoning', '{"__proto__": {"admin": true}, "dt": "2024-01-01T00:00:00Z"}', 'application/json', 400, 'bad_request', /./],
  ])('%s', async (_, raw, contentType, status, error, message) => {
    const response = await api.http.request('POST', probe, { key: apiKey, raw, contentType });
    expectEnvelope(response, status, error);
    expect(response.body.message).toMatch(message);
  });

  it('an oversized body is a 413', async () => {
    const response = await api.http.post(probe, { dt: '2024-01-01T00:00:00Z', padding: 'x'.repeat(10_000) }, { key: apiKey });
    expectEnvelope(response, 413, 'payload_too_large');
  });

  it('unknown fields are named in a 400', async () => {
    const response = await api.http.post(probe, { dt: '2024-01-01T00:00:00Z', colour: 'red' }, { key: apiKey });
    expectEnvelope(response, 400, 'bad_request');
    expect(response.body.message).toContain('colour: unknown field');
  });

  it('a missing field is named with its rule', async () => {
    const response = await api.http.post(probe, {}, { key: apiKey });
    expectEnvelope(response, 400, 'bad_request');
    expect(response.body.message).toBe('invalid body: dt: is required');
  });

  it('a wrong type is named with its rule', async () => {
    const response = await api.http.get('/v1/planets?dt=12', { key: apiKey });
    expectEnvelope(response, 400, 'bad_request');
    expect(response.body.message).toMatch(/^invalid query: dt: must be an ISO 8601 date-time/);
  });

  it('an overlong Idempotency-Key is a 400', async () => {
    const response = await api.http.post(
      probe,
      { dt: '2024-01-01T00:00:00Z' },
      { key: apiKey, headers: { 'Idempotency-Key': 'k'.repeat(129) } },
    );
    expectEnvelope(response, 400, 'bad_request');
    expect(response.body.message).toContain('header');
  });

  it('an unknown route or method is a 404 with the body', async () => {
    expectEnvelope(await api.http.get('/v1/nothing-here', { key: apiKey }), 404, 'not_found');
    expectEnvelope(await api.http.request('DELETE', '/v1/planets', { key: apiKey }), 404, 'not_found');
  });

  it('nothing above was charged', async () => {
    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges).toHaveLength(0);
  });
});

describe('request ids', () => {
  it("every response carries our X-Request-Id, a client's own comes back as X-Client-Request-Id, and the error body quotes ours", async () => {
    const ok = await api.http.get('/v1/pricing');
    expect(ok.headers.get('x-request-id')).toMatch(/^req_[a-f0-9]{24}$/);
    const mine = await api.http.get('/v1/planets?dt=x', { key: apiKey, headers: { 'X-Request-Id': 'client-trace-123' } });
    expect(mine.headers.get('x-request-id')).toMatch(/^req_[a-f0-9]{24}$/);
    expect(mine.headers.get('x-client-request-id')).toBe('client-trace-123');
    expect(mine.body.request_id).toBe(mine.headers.get('x-request-id'));
    const hostile = await api.http.get('/v1/pricing', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^req_/);
    expect(hostile.headers.get('x-client-request-id')).toBeNull();
  });
});

describe('OpenAPI document', () => {
  it('is served at /docs-json and /docs and lists every route with its schemas', async () => {
    const json = await api.http.get('/docs-json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toBe('3.1.0');
    expect(Object.keys(json.body.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/v1/planets',
        '/v1/pricing',
        '/v1/sessions',
        '/api/v3/jobs/{job_id}',
        '/v1/pipeline-probes',
        '/v1/natal-chart',
        '/api/v3/western/composite-chart',
      ]),
    );
    expect(json.body.paths['/v1/planets'].get['x-credits']).toBe(1);
    expect(json.body.paths['/v1/planets'].get.responses['402']).toEqual({ $ref: '#/components/responses/Error402Metered' });
    expect(json.body.components.responses.Error402Metered.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(json.body.components.schemas.Error.required).toEqual(['error', 'message', 'code', 'request_id']);
    const ui = await api.http.get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });
});

describe('regressions of the hostile-input probe: each was a 500 or outside the envelope', () => {
  async function customerSession(): Promise<string> {
    const account = await createAccount(db);
    const email = `${account.accountId}@example.com`;
    await createCustomerUser(db, { accountId: account.accountId, email, password: 'correct horse battery' });
    return (await api.http.post('/v1/sessions', { email, password: 'correct horse battery' })).body.token;
  }

  it('refuses NUL and lone surrogates in any stored string, naming the field', async () => {
    const session = await customerSession();
    for (const name of ['brand\u0000name', 'lone \ud800 surrogate']) {
      const response = await api.http.post('/v1/report-brand-profiles', { name, branding: {} }, { key: session });
      expectEnvelope(response, 400, 'bad_request');
      expect(response.body.message).toMatch(/body\.name: must not contain NUL characters or unpaired UTF-16 surrogates/);
    }
    const hook = await api.http.post(
      '/v1/report-webhooks',
      { url: 'https://example.com/h', events: ['report.completed'], description: 'x\u0000' },
      { key: session },
    );
    expectEnvelope(hook, 400, 'bad_request');
    expect(hook.body.message).toContain('body.description');
  });

  it('answers %00 and invalid percent-encoding in a path or query with a 400, never a database error', async () => {
    const session = await customerSession();
    for (const path of [
      '/api/v3/jobs/%00',
      '/v1/report-webhooks/%00',
      '/v1/report-brand-profiles/%ED%A0%80',
      '/v1/account/ledger?before=%00',
      '/api/v3/jobs/%',
    ]) {
      const response = await api.http.get(path, { key: path.startsWith('/v1/report') ? session : apiKey });
      expect([path, response.status]).toEqual([path, 400]);
      expect(response.body).toMatchObject({ error: 'bad_request', code: '400', request_id: expect.any(String) });
    }
  });

  it('never picks content by a prototype key: language "constructor" falls back to English with a warning', async () => {
    const natal = await api.http.post(
      '/v1/natal-chart',
      { birth_datetime: '1990-05-04T14:30:00+07:00', latitude: 13.75, longitude: 100.5, interpret: true, language: 'constructor' },
      { key: apiKey },
    );
    expect(natal.status).toBe(200);
    expect(natal.body.interpretation.language).toBe('en');
    expect(natal.body.warnings.join(' ')).toMatch(/"constructor" is not available/);
    const person = { date: '1990-05-04', time: '14:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
    const composite = await api.http.post(
      '/api/v3/western/composite-chart',
      { person_a: person, person_b: { ...person, date: '1991-02-01' }, locale: 'constructor' },
      { key: apiKey },
    );
    expect(composite.status).toBe(200);
    expect(Object.keys(composite.body.labels).length).toBeGreaterThan(5);
  });

  it('accepts DELETE with Content-Type application/json and an empty body, as generated clients send it', async () => {
    const session = await customerSession();
    const created = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'To delete', branding: { brand_name: 'Gone Soon' } },
      { key: session },
    );
    expect(created.status).toBe(201);
    const response = await api.http.request('DELETE', `/v1/report-brand-profiles/${created.body.id}`, {
      key: session,
      raw: '',
      contentType: 'application/json',
    });
    expect(response.status).toBe(204);
  });

  it("validates a pipeline probe's dt before charging: out of range is a 400 and nothing is charged", async () => {
    const { accountId: probeAccount, apiKey: probeKey } = await createAccount(db, { credits: 5 });
    const response = await api.http.post('/v1/pipeline-probes', { dt: '1700-01-01T00:00:00Z' }, { key: probeKey });
    expectEnvelope(response, 400, 'bad_request');
    expect(response.body.message).toMatch(/dt/);
    expect((await readStream(db, `account:${probeAccount}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(0);
  });

  it('answers framework errors (an over-long path segment, a malformed URL) in the envelope', async () => {
    const long = await api.http.get(`/api/v3/jobs/${'x'.repeat(500)}`, { key: apiKey });
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ error: 'uri_too_long', code: '414', request_id: expect.any(String) });
    const ledger = await api.http.get('/v1/account/ledger?before=99999999999', { key: apiKey });
    expectEnvelope(ledger, 400, 'bad_request');
  });
});
