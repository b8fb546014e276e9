import { z } from 'zod';
import { createCustomerUser, hashSecret } from '@astro/accounts';
import { PRICES, PricedOperation, RouteName, ROUTES, RouteSpec } from '@astro/contracts';
import { Database } from '@astro/database';
import { findAccount } from '@astro/ledger';
import { OPERATION_ROUTES } from '../apps/api/src/developer/developer.service';
import { connectTestDatabase, createAccount, eventually, pinnedClock, startApi, testConfig, TestApi } from './support/harness';

let db: Database;
let api: TestApi;
const GRACE_SECONDS = 3600;

beforeAll(async () => {
  db = await connectTestDatabase();
  // A grace period no slow machine outlasts (the test ends it by moving the key's expiry, as time
  // would), and a short usage flush, so the test sees its usage written.
  api = await startApi(testConfig({ API_KEY_ROTATION_GRACE_SECONDS: String(GRACE_SECONDS), API_KEY_USAGE_FLUSH_MS: '200' }));
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

async function sessionFor(accountId: string): Promise<string> {
  const email = `dev-${accountId}@example.com`;
  await createCustomerUser(db, { accountId, email, password: 'correct horse battery' });
  const login = await api.http.post('/v1/sessions', { email, password: 'correct horse battery' });
  expect(login.status).toBe(201);
  return login.body.token as string;
}

describe('self-service API keys', () => {
  it('creates, lists with usage and last-used time, rotates with a grace period and revokes; keys are hashed at rest', async () => {
    const { accountId, apiKey: firstKey } = await createAccount(db, { tier: 'pro', credits: 100 });
    const session = await sessionFor(accountId);

    const created = await api.http.post('/v1/api-keys', { label: 'production server' }, { key: session });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^ak_live_/);
    expect(created.body.api_key).toMatchObject({
      label: 'production server',
      status: 'active',
      last_used_at: null,
      usage: { requests: 0, charges: 0 },
    });
    const keyId = created.body.api_key.id as string;

    // Hashed at rest: the row holds the SHA-256 of the key and its first characters, never the key.
    const [row] = await db.query<Record<string, unknown>>(`SELECT * FROM api_keys WHERE id = $1`, [keyId]);
    expect((row.key_hash as Buffer).equals(hashSecret(key))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(key);
    expect(key.startsWith(row.key_prefix as string)).toBe(true);

    // Two charged calls and one free one with the new key.
    for (const dt of ['2024-01-01T00:00:00Z', '2024-06-01T00:00:00Z'])
      expect((await api.http.get(`/v1/planets?dt=${dt}`, { key })).status).toBe(200);
    expect((await api.http.get('/v1/account', { key })).status).toBe(200);
    const used = await eventually(
      async () => {
        const list = await api.http.get('/v1/api-keys', { key: session });
        const mine = (list.body.keys as Array<{ id: string; usage: { requests: number } }>).find((k) => k.id === keyId)!;
        return mine.usage.requests === 3 ? mine : undefined;
      },
      10_000,
      'the usage of the key',
    );
    expect(used).toMatchObject({ usage: { requests: 3, charges: 2, credits_charged: 2, credits_refunded: 0 } });
    expect(Date.parse((used as unknown as { last_used_at: string }).last_used_at)).toBeGreaterThan(Date.now() - 60_000);

    // Rotation: a new key shown once, the old one valid for the grace period, then refused.
    const rotatedAfter = Date.now();
    const rotated = await api.http.post(`/v1/api-keys/${keyId}/rotate`, undefined, { key: session });
    const rotatedBefore = Date.now();
    expect(rotated.status).toBe(201);
    expect(rotated.body.grace_period_seconds).toBe(GRACE_SECONDS);
    // The old key stops a grace period after the rotation.
    const expiresAt = Date.parse(rotated.body.previous.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(rotatedAfter + GRACE_SECONDS * 1000 - 1);
    expect(expiresAt).toBeLessThanOrEqual(rotatedBefore + GRACE_SECONDS * 1000 + 1);
    expect(rotated.body.api_key).toMatchObject({ label: 'production server', status: 'active' });
    expect(rotated.body.previous).toMatchObject({ id: keyId, status: 'rotating', replaced_by: rotated.body.api_key.id });
    const newKey = rotated.body.key as string;
    expect((await api.http.get('/v1/account', { key })).status).toBe(200);
    expect((await api.http.get('/v1/account', { key: newKey })).status).toBe(200);
    expect((await api.http.post(`/v1/api-keys/${keyId}/rotate`, undefined, { key: session })).status).toBe(409);
    // The grace period ends (the key's expiry moved to the past, as time would move it): the old key is refused.
    await db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [keyId]);
    expect((await api.http.get('/v1/account', { key })).status).toBe(401);
    expect((await api.http.get('/v1/account', { key: newKey })).status).toBe(200);
    const afterGrace = await api.http.get('/v1/api-keys?include_inactive=true', { key: session });
    expect(afterGrace.body.keys.find((k: { id: string }) => k.id === keyId).status).toBe('expired');
    expect((await api.http.get('/v1/api-keys', { key: session })).body.keys.map((k: { id: string }) => k.id)).not.toContain(keyId);

    // Revocation takes effect at once (AUTH_CACHE_TTL_MS is 0 in tests).
    const newId = rotated.body.api_key.id as string;
    const revoked = await api.http.request('DELETE', `/v1/api-keys/${newId}`, { key: session });
    expect(revoked.status).toBe(204);
    expect((await api.http.get('/v1/account', { key: newKey })).status).toBe(401);
    expect((await api.http.request('DELETE', `/v1/api-keys/${newId}`, { key: session })).status).toBe(204);
    expect((await api.http.post(`/v1/api-keys/${newId}/rotate`, undefined, { key: session })).status).toBe(409);

    // Another account's key is not found, an API key cannot manage keys, a bad label or id is a 400.
    const other = await createAccount(db);
    expect((await api.http.request('DELETE', `/v1/api-keys/${other.apiKeyId}`, { key: session })).status).toBe(404);
    expect((await api.http.get('/v1/account', { key: other.apiKey })).status).toBe(200);
    expect((await api.http.get('/v1/api-keys', { key: firstKey })).status).toBe(401);
    const blank = await api.http.post('/v1/api-keys', { label: '  ' }, { key: session });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('label');
    expect((await api.http.request('DELETE', '/v1/api-keys/nonsense', { key: session })).status).toBe(400);
  }, 60_000);

  it('refuses more than 20 usable keys with 409', async () => {
    const { accountId } = await createAccount(db); // holds one key already
    const session = await sessionFor(accountId);
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push((await api.http.post('/v1/api-keys', { label: `key ${i}` }, { key: session })).status);
    expect(answers.filter((s) => s === 201)).toHaveLength(19);
    expect(answers[19]).toBe(409);
  }, 60_000);
});

const BIRTH = { date: '1990-05-15', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
const exampleOf = (schema: z.ZodType | undefined) =>
  schema ? (z.globalRegistry.get(schema)?.example as Record<string, unknown> | undefined) : undefined;

interface Call {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  path?: Record<string, string>;
}

/** A valid input of each priced route whose schema has no request example, taken from the README and the spec. */
const VALID: Partial<Record<RouteName, Call>> = {
  planets: { query: { dt: '2024-03-20T03:06:00Z' } },
  queuePipelineProbe: { body: { dt: '2024-01-01T00:00:00Z' } },
  natalChart: { body: { birth_datetime: '1990-05-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 } },
  compositeChart: { body: { person_a: BIRTH, person_b: { ...BIRTH, date: '1992-11-03', time: '06:10' } } },
  queueSynastryReport: {
    body: { person_a: { ...BIRTH, name: 'Somchai Jaidee' }, person_b: { ...BIRTH, date: '1992-11-03', name: 'Malee Srisuk' } },
  },
  queueTransitWindowReport: { body: { birth_subject: BIRTH, start_date: '2026-01-01', end_date: '2026-01-31', name: 'Somchai Jaidee' } },
  queueSolarReturnReport: { body: { birth_subject: BIRTH, target_year: 2026, name: 'Somchai Jaidee' } },
  queueSajuReport: { body: { birth_subject: BIRTH, name: 'Somchai Jaidee', gender: 'male', as_of: '2026-03-10' } },
  queueBaziReport: { body: { birth_subject: BIRTH, name: 'Somchai Jaidee', gender: 'male', as_of: '2026-03-10' } },
  queueThaiLifeReport: { body: { birth_subject: BIRTH, name: 'Somchai Jaidee', year: 2026 } },
  queueQimenReport: { body: { moment: { ...BIRTH, date: '2026-03-10', time: '10:00' }, purpose: 'career' } },
  koreanSaju: { body: { ...BIRTH, timezoneOffsetMinutes: 540 } },
  vedicShadbala: { body: { birth_subject: BIRTH, mercury_natures: { paksha: 'benefic', drik: 'benefic' } } },
  vedicSadeSati: { body: BIRTH },
  vedicManglikDosha: { body: BIRTH },
  vedicRemedies: { body: { birth_subject: BIRTH } },
  horoscopeForPeriod: { path: { sign: 'aries', period: 'weekly' }, query: { date: '2031-03-05' } },
  horoscopeRange: { path: { sign: 'pisces' }, query: { from: '2030-02-27', to: '2030-03-01' } },
};

/** Inputs each endpoint refuses beyond its schema (checks before computing), besides the generic broken bodies. */
const REFUSED: Partial<Record<RouteName, Call[]>> = {
  natalChart: [{ body: { birth_datetime: '1700-05-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 } }],
  compositeChart: [{ body: { person_a: BIRTH, person_b: { ...BIRTH, date: '1600-01-01' } } }],
  queueSynastryReport: [
    { body: { person_a: { ...BIRTH, name: 'A' }, person_b: { ...BIRTH, name: 'B' }, brand_profile_id: 'brand_0123456789abcdef01234567' } },
  ],
  queueTransitWindowReport: [{ body: { birth_subject: BIRTH, start_date: '2500-01-01', end_date: '2500-01-05', name: 'A' } }],
  queueSolarReturnReport: [{ body: { birth_subject: { ...BIRTH, date: '1700-01-01' }, target_year: 2026, name: 'A' } }],
  queueSajuReport: [{ body: { birth_subject: BIRTH, name: 'A', gender: 'male', as_of: '1900-01-01' } }],
  queueBaziReport: [{ body: { birth_subject: { ...BIRTH, date: '1700-01-01' }, name: 'A', gender: 'male' } }],
  queueThaiLifeReport: [{ body: { birth_subject: BIRTH, name: 'A', year: 1980 } }],
  queueQimenReport: [{ body: { moment: BIRTH, purpose: 'lottery' } }],
  queueTarotReport: [{ body: { spread: 'pyramid' } }],
  thaiCivilDate: [{ body: { lunar_year: 2026, month: 3, day: 15, phase: 'waning' } }],
  thaiMahaThaksa: [{ body: { date: '1990-05-15', as_of: '1980-01-01' } }],
  numerologyProfile: [{ body: { full_name: 'สมชาย ใจดี', birth_date: '1990-05-15' } }],
  numerologyCompatibility: [
    { body: { person_a: { full_name: 'Somchai', birth_date: '1990-05-15' }, person_b: { full_name: '王小明', birth_date: '1991-01-01' } } },
  ],
  uranianChart: [{ body: { ...BIRTH, date: '1500-01-01' } }],
  horoscopePersonal: [{ body: { ...BIRTH, date: '1500-01-01', period: 'daily' } }],
  horoscopeRange: [{ path: { sign: 'pisces' }, query: { from: '2030-01-01', to: '2030-03-01' } }],
  horoscopeForPeriod: [{ path: { sign: 'ophiuchus', period: 'weekly' } }],
  planets: [{ query: { dt: 'yesterday' } }],
  queueFaceReading: [{ body: { upload_id: 'vup_0123456789abcdef01234567', sku: 'json' } }],
  queuePalmReading: [
    {
      body: {
        left_upload_id: 'vup_0123456789abcdef01234567',
        right_upload_id: 'vup_0123456789abcdef01234567',
        sku: 'json',
        capture_handedness: { left_upload: 'left', right_upload: 'right', mirrored_preview: false },
      },
    },
  ],
};

/** Every route of a priced operation, with the operation it is preflighted as. */
const PRICED: Array<[PricedOperation, RouteName]> = (Object.keys(OPERATION_ROUTES) as PricedOperation[]).flatMap((op) =>
  OPERATION_ROUTES[op]
    // A visual-reading route is preflighted once, as its json sku; the tarot report once, as its short reading.
    .filter(() => !op.startsWith('visual_') || op.endsWith('_json'))
    .filter(() => !op.startsWith('report_tarot_') || op === 'report_tarot_short')
    .map((name) => [op, name] as [PricedOperation, RouteName]),
);

function realPath(route: RouteSpec, call: Call): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(call.path?.[name] ?? ''));
  return call.query ? `${path}?${new URLSearchParams(call.query)}` : path;
}

describe('POST /api/v3/developer/preflight', () => {
  it('maps every priced operation to its routes', () => {
    for (const op of Object.keys(PRICES) as PricedOperation[]) expect(OPERATION_ROUTES[op].length).toBeGreaterThan(0);
    expect(OPERATION_ROUTES.thai_lunar_date.map((n) => ROUTES[n].operationId)).toEqual(['thaiLunarDate', 'thaiCivilDate']);
  });

  it.each(PRICED)(
    '%s (%s): the dry run answers what the real endpoint answers, for valid and invalid inputs',
    async (operation, name) => {
      const route: RouteSpec = ROUTES[name];
      const { accountId, apiKey } = await createAccount(db, { tier: 'enterprise', credits: 10_000 });
      const valid: Call | undefined = VALID[name] ?? (exampleOf(route.body) ? { body: exampleOf(route.body) } : undefined);
      const calls: Call[] = [...(REFUSED[name] ?? [])];
      if (route.body) calls.push({ body: {} }, { body: { ...(valid?.body ?? {}), not_a_field: 1 } });
      if (route.query && valid?.query) calls.push({ ...valid, query: { ...valid.query, not_a_param: 'x' } });
      if (valid) calls.push(valid);
      expect(calls.length).toBeGreaterThanOrEqual(name.startsWith('queue') && name.includes('Reading') ? 3 : 2);

      const statuses: number[] = [];
      for (const call of calls) {
        const before = (await findAccount(db, accountId))!.balance;
        const preflight = await api.http.post(
          '/api/v3/developer/preflight',
          { operations: [{ operation, operation_id: route.operationId, ...call }] },
          { key: apiKey },
        );
        expect(preflight.status).toBe(200);
        // The preflight charges nothing.
        expect((await findAccount(db, accountId))!.balance).toBe(before);
        const item = preflight.body.operations[0];
        expect(item).toMatchObject({ operation, operation_id: route.operationId, credits_each: PRICES[operation].credits, entitled: true });

        const real = await api.http.request(route.method, realPath(route, call), { key: apiKey, json: route.body ? call.body : undefined });
        const what = `${route.method} ${route.path} with ${JSON.stringify(call)}`;
        statuses.push(real.status);
        if (real.status < 300) {
          expect({ what, validation: item.validation }).toEqual({
            what,
            validation: { valid: true, status: null, error: null, message: null },
          });
        } else {
          expect({ what, validation: item.validation }).toEqual({
            what,
            validation: { valid: false, status: real.status, error: real.body.error, message: real.body.message },
          });
        }
      }
      // Both ways were exercised: the valid input was served (the visual readings need a finished upload, so only refusals), the others refused.
      expect(statuses.filter((s) => s === 400).length).toBe(calls.length - (valid ? 1 : 0));
      if (valid) expect(statuses[statuses.length - 1]).toBeLessThan(300);
    },
    120_000,
  );

  it('reports entitlement, the balance over the whole list and the rate-limit headroom, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'free', credits: 25 });
    const response = await api.http.post(
      '/api/v3/developer/preflight',
      {
        operations: [
          { operation: 'natal_chart', count: 10 },
          { operation: 'report_solar_return', body: { birth_subject: { date: '1990-05-15', time: '14:30' } } },
        ],
      },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    const total = 10 * PRICES.natal_chart.credits + PRICES.report_solar_return.credits;
    expect(response.body).toMatchObject({
      tier: 'free',
      credits_balance: 25,
      total_credits: total,
      balance_covers: false,
      balance_after: 25 - total,
      all_entitled: false,
      all_valid: false,
      rate_limit: { limit: 60, remaining: Number(response.headers.get('ratelimit-remaining')), window_seconds: 60 },
    });
    expect(response.body.operations.map((o: { entitled: boolean; min_tier: string }) => [o.entitled, o.min_tier])).toEqual([
      [true, 'free'],
      [false, 'pro'],
    ]);
    // The real endpoint refuses the free tier before looking at the body.
    expect(
      (await api.http.post('/api/v3/reports/solar-return/pdf', { birth_subject: BIRTH, target_year: 2026, name: 'A' }, { key: apiKey }))
        .status,
    ).toBe(403);
    expect((await findAccount(db, accountId))!.balance).toBe(25);

    const unknownRoute = await api.http.post(
      '/api/v3/developer/preflight',
      { operations: [{ operation: 'thai_lunar_date', operation_id: 'createNatalChart' }] },
      { key: apiKey },
    );
    expect(unknownRoute.status).toBe(400);
    expect(unknownRoute.body.message).toContain('operations.0.operation_id');
    const unknownOperation = await api.http.post(
      '/api/v3/developer/preflight',
      { operations: [{ operation: 'free_lunch' }] },
      { key: apiKey },
    );
    expect(unknownOperation.status).toBe(400);
    expect(unknownOperation.body.message).toContain('operations.0.operation');
  });

  it('is rate limited like every API-key route', async () => {
    const limited = await startApi(testConfig({ RATE_LIMIT_FREE: '2' }), { rateLimitClock: pinnedClock() });
    try {
      const { apiKey } = await createAccount(db, { tier: 'free' });
      const body = { operations: [{ operation: 'planets' }] };
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await limited.http.post('/api/v3/developer/preflight', body, { key: apiKey })).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect(
        (await limited.http.post('/api/v3/developer/credit-estimates', { workload: [{ operation: 'planets', count: 1 }] }, { key: apiKey }))
          .status,
      ).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/v3/developer/credit-estimates', () => {
  it('prices a workload, the balance after it and the tier it needs, free of charge: its documented example', async () => {
    // The example's caller: a free key with 1500 credits.
    const { accountId, apiKey } = await createAccount(db, { tier: 'free', credits: 1500 });
    const route = ROUTES.developerCreditEstimates;
    const response = await api.http.post(route.path, exampleOf(route.body), { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(exampleOf(route.success.schema));
    // The example is priced from the price table: 1000 natal charts and 20 solar-return reports.
    expect(response.body.total_credits).toBe(1000 * PRICES.natal_chart.credits + 20 * PRICES.report_solar_return.credits);
    expect((await findAccount(db, accountId))!.balance).toBe(1500);
    const bad = await api.http.post(
      '/api/v3/developer/credit-estimates',
      { workload: [{ operation: 'natal_chart', count: 0 }] },
      { key: apiKey },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('workload.0.count');
  });
});
