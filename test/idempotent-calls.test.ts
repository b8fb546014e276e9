import { createHash, randomUUID } from 'node:crypto';
import { IdempotencySeal } from '@astro/codec';
import { newId, PRICES, stableJson } from '@astro/contracts';
import { Database, moveQueueIdempotencyKeys } from '@astro/database';
import { grantCredits, readStream } from '@astro/ledger';
import { purgeExpiredIdempotentCalls } from '../apps/api/src/http/idempotent-calls';
import { sealStoredIdempotentAnswers } from '../apps/cli/src/seal-idempotent-answers';
import { createAccount, startApi, testConfig, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';
import { createScratchDatabase, ScratchDatabase } from './support/scratch-database';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const natal = { birth_datetime: '1990-06-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 };
const NATAL_PRICE = PRICES.natal_chart.credits;
const probe = { dt: '2024-06-20T20:51:00Z' };
const PROBE_PRICE = PRICES.pipeline_probe.credits;

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
const keyed = (apiKey: string, key: string) => ({ key: apiKey, headers: { 'Idempotency-Key': key } });

describe('Idempotency-Key on synchronous charged calls', () => {
  it('charges two calls with one key once; the second replays the first answer with Idempotent-Replayed: true', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    const first = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    const second = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.text).toBe(first.text);
    // Each answer has its own request id; the replay charged nothing.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect((await chargesOf(accountId)).map((e) => e.payload)).toEqual([
      { operation: 'natal_chart', amount: NATAL_PRICE, request_id: first.headers.get('x-request-id') },
    ]);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(10 - NATAL_PRICE);
  });

  it('replays the stored answer of a route served by Nest too: an unseeded tarot draw comes back with the same cards', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    const body = { spread: 'celtic_cross', allow_reversed: true };
    const first = await api.http.post('/api/v3/tarot/readings', body, keyed(apiKey, key));
    const second = await api.http.post('/api/v3/tarot/readings', body, keyed(apiKey, key));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    // Without the key the same request draws anew and is charged (the replay above is not a coincidence of the draw).
    const unkeyed = await api.http.post('/api/v3/tarot/readings', body, { key: apiKey });
    expect(unkeyed.text).not.toBe(first.text);
    expect((await chargesOf(accountId)).map((e) => e.payload.request_id)).toEqual([
      first.headers.get('x-request-id'),
      unkeyed.headers.get('x-request-id'),
    ]);
  });

  it('keys the same call by its canonical body: another key order is the same request', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    const reordered = { longitude: natal.longitude, latitude: natal.latitude, birth_datetime: natal.birth_datetime };
    const again = await api.http.post('/v1/natal-chart', reordered, keyed(apiKey, key));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await chargesOf(accountId)).toHaveLength(1);
  });

  it('answers 409 in the error envelope for the same key with another body, another path or another query, charging nothing more', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    expect((await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key))).status).toBe(200);
    const otherBody = await api.http.post('/v1/natal-chart', { ...natal, latitude: 18.79 }, keyed(apiKey, key));
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toEqual({
      error: 'conflict',
      message: expect.stringContaining('Idempotency-Key was already used with a different request'),
      code: '409',
      request_id: otherBody.headers.get('x-request-id'),
    });
    expect((await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', keyed(apiKey, key))).status).toBe(409);

    const planetsKey = randomUUID();
    expect((await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', keyed(apiKey, planetsKey))).status).toBe(200);
    expect((await api.http.get('/v1/planets?dt=2024-03-21T12:00:00Z', keyed(apiKey, planetsKey))).status).toBe(409);
    const replay = await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', keyed(apiKey, planetsKey));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await chargesOf(accountId)).map((e) => e.payload.operation)).toEqual(['natal_chart', 'planets']);
  });

  it('charges 20 concurrent duplicates once and gives all of them the same answer', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => api.http.post('/v1/natal-chart', natal, keyed(apiKey, key))));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await chargesOf(accountId)).toHaveLength(1);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(10 - NATAL_PRICE);
  });

  it('ignores a key on a free call', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    const first = await api.http.get('/v1/account', keyed(apiKey, key));
    const second = await api.http.get('/v1/account', keyed(apiKey, key));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(await chargesOf(accountId)).toHaveLength(0);
    const rows = await db.query(`SELECT 1 FROM idempotent_calls WHERE account_id = $1`, [accountId]);
    expect(rows).toHaveLength(0);
  });

  it('keeps a 402: the same key answers the same 402 (nothing charged) until a new key is used', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 1 });
    const key = randomUUID();
    const refused = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    expect(refused.status).toBe(402);
    await db.transaction((tx) => grantCredits(tx, accountId, 10, 'top-up', { actor: 'test' }));
    const again = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    expect(again.status).toBe(402);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(refused.text);
    expect(await chargesOf(accountId)).toHaveLength(0);
    const fresh = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, randomUUID()));
    expect(fresh.status).toBe(200);
    expect(await chargesOf(accountId)).toHaveLength(1);
  });

  it('runs and charges the call again once the key is past the 24-hour window, and the purge deletes old keys', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    const first = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    await db.query(`UPDATE idempotent_calls SET created_at = now() - interval '25 hours' WHERE account_id = $1`, [accountId]);
    const later = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    expect([first.status, later.status]).toEqual([200, 200]);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await chargesOf(accountId)).toHaveLength(2);

    const oldKey = randomUUID();
    await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', keyed(apiKey, oldKey));
    await db.query(`UPDATE idempotent_calls SET created_at = now() - interval '25 hours' WHERE account_id = $1 AND idempotency_key = $2`, [
      accountId,
      oldKey,
    ]);
    await purgeExpiredIdempotentCalls(db);
    const left = await db.query<{ idempotency_key: string }>(`SELECT idempotency_key FROM idempotent_calls WHERE account_id = $1`, [
      accountId,
    ]);
    expect(left.map((r) => r.idempotency_key)).toEqual([key]);
  });

  it('lets a retry take over a charged call that never stored its answer (its process died) without charging it again', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    const first = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    // As if the process died after the charge and before storing the answer, more than a minute ago.
    await db.query(
      `UPDATE idempotent_calls SET response_status = NULL, response_body = NULL, claimed_at = now() - interval '2 minutes' WHERE account_id = $1`,
      [accountId],
    );
    const retried = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    expect(retried.status).toBe(200);
    expect(retried.text).toBe(first.text);
    expect(await chargesOf(accountId)).toHaveLength(1);
    const replay = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, 'k'.repeat(129)));
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('header');
  });
});

describe('Idempotency-Key on queue calls, in the same store', () => {
  it('keeps the key in the scope of its queue route, replays the same job, and makes a new job once the key is past 24 hours', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const key = randomUUID();
    const first = await api.http.post('/v1/pipeline-probes', probe, keyed(apiKey, key));
    const again = await api.http.post('/v1/pipeline-probes', probe, keyed(apiKey, key));
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // The same key on a synchronous call is another key space: it runs and is charged.
    const natalCall = await api.http.post('/v1/natal-chart', natal, keyed(apiKey, key));
    expect([natalCall.status, natalCall.headers.get('idempotent-replayed')]).toEqual([200, null]);
    const rows = await db.query<{ scope: string; claim_id: string; charged: boolean; response_status: number }>(
      `SELECT scope, claim_id, charged, response_status FROM idempotent_calls WHERE account_id = $1 ORDER BY scope`,
      [accountId],
    );
    expect(rows).toEqual([
      { scope: 'pipeline_probe', claim_id: first.body.job_id, charged: true, response_status: 202 },
      { scope: 'synchronous', claim_id: expect.any(String), charged: true, response_status: 200 },
    ]);

    await db.query(
      `UPDATE idempotent_calls SET created_at = now() - interval '25 hours' WHERE account_id = $1 AND scope = 'pipeline_probe'`,
      [accountId],
    );
    const later = await api.http.post('/v1/pipeline-probes', probe, keyed(apiKey, key));
    expect(later.status).toBe(202);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.job_id).not.toBe(first.body.job_id);
    expect((await chargesOf(accountId)).map((e) => e.payload.operation)).toEqual(['pipeline_probe', 'natal_chart', 'pipeline_probe']);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(10 - 2 * PROBE_PRICE - NATAL_PRICE);
  });
});

describe("the queue keys moved from the queues' former key table", () => {
  let scratch: ScratchDatabase;
  let moved: Database;
  let movedApi: TestApi;
  beforeAll(async () => {
    scratch = await createScratchDatabase('astro_idempotency_move');
    moved = await Database.connect(scratch.url, { poolSize: 2, applicationName: 'astro-test-idempotency-move' });
    movedApi = await startApi(testConfig({ DATABASE_URL: scratch.url }));
  });
  afterAll(async () => {
    await movedApi.close();
    await moved.close();
    await scratch.drop();
  });

  it('are moved by the migration (the last 24 hours), sealed by `cli migrate`, and still replay their job', async () => {
    const { accountId, apiKey } = await createAccount(moved, { credits: 10 });
    // The table and rows the migration moves (idempotency_keys): the bare SHA-256 of the scope and body, the queued job in clear.
    await moved.query(`
      CREATE TABLE idempotency_keys (
        account_id      text        NOT NULL,
        operation       text        NOT NULL,
        idempotency_key text        NOT NULL,
        request_hash    text        NOT NULL,
        response        jsonb,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, operation, idempotency_key)
      )`);
    const bareHash = createHash('sha256')
      .update(`pipeline_probe\n${stableJson(probe)}`)
      .digest('hex');
    const queuedRow = (key: string, createdAgo: string) => {
      const jobId = newId('job');
      const handle = { job_id: jobId, status: 'queued', poll: `/api/v3/jobs/${jobId}` };
      return moved.query(
        `INSERT INTO idempotency_keys (account_id, operation, idempotency_key, request_hash, response, created_at)
         VALUES ($1, 'pipeline_probe', $2, $3, $4, now() - $5::interval)`,
        [accountId, key, bareHash, JSON.stringify({ jobId, handle, creditsCharged: 1, creditsRemaining: 9 }), createdAgo],
      );
    };
    const live = randomUUID();
    const expired = randomUUID();
    await queuedRow(live, '1 hour');
    await queuedRow(expired, '25 hours');
    const [{ response }] = await moved.query<{ response: { handle: unknown } }>(
      `SELECT response FROM idempotency_keys WHERE idempotency_key = $1`,
      [live],
    );

    await moved.transaction((tx) => moveQueueIdempotencyKeys(tx));
    expect(await moved.query(`SELECT to_regclass('idempotency_keys') AS t`)).toEqual([{ t: null }]);
    expect(await sealStoredIdempotentAnswers(moved, new IdempotencySeal(movedApi.config.idempotencySealKey))).toBe(1);
    const rows = await moved.query<{ idempotency_key: string; scope: string; request_hash: string; response_body: string | null }>(
      `SELECT idempotency_key, scope, request_hash, response_body FROM idempotent_calls WHERE account_id = $1`,
      [accountId],
    );
    expect(rows).toEqual([
      { idempotency_key: live, scope: 'pipeline_probe', request_hash: expect.stringMatching(/^[0-9a-f]{16}:/), response_body: null },
    ]);

    const replay = await movedApi.http.post('/v1/pipeline-probes', probe, keyed(apiKey, live));
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(response.handle);
    const other = await movedApi.http.post('/v1/pipeline-probes', { dt: '2024-06-21T00:00:00Z' }, keyed(apiKey, live));
    expect(other.status).toBe(409);
    expect(await readStream(moved, `account:${accountId}`).then((events) => events.filter((e) => e.type === 'CreditsCharged'))).toEqual([]);
  });
});
