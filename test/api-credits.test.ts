import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { PRICES } from '@astro/contracts';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

const DT = '/v1/planets?dt=2024-03-20T12:00:00Z';
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

describe('charging through the ledger', () => {
  it('charges each served request once, with operation, amount and request id', async () => {
    const { accountId, apiKey, apiKeyId } = await createAccount(db, { credits: 5 });
    const response = await api.http.get(DT, { key: apiKey });
    expect(response.status).toBe(200);
    const [charge] = await chargesOf(accountId);
    expect(charge.payload).toEqual({
      operation: 'planets',
      amount: PRICES.planets.credits,
      request_id: response.headers.get('x-request-id'),
    });
    expect(charge.metadata).toMatchObject({ request_id: response.headers.get('x-request-id'), actor: `key:${apiKeyId}` });
    const account = await api.http.get('/v1/account', { key: apiKey });
    expect(account.body).toMatchObject({ credits_balance: 4, credits_charged: 1, credits_granted: 5 });
  });

  it('answers 402 with the spec body and charges nothing when the balance is too low', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 0 });
    const response = await api.http.get(DT, { key: apiKey });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      error: 'payment_required',
      message: expect.stringContaining('insufficient credits'),
      code: '402',
      request_id: response.headers.get('x-request-id'),
    });
    expect(await chargesOf(accountId)).toHaveLength(0);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(0);
  });

  it('never overdraws: 50 parallel requests against a balance of 10 serve exactly 10', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => api.http.get(DT, { key: apiKey })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await chargesOf(accountId)).toHaveLength(10);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(0);
  });

  it('does not charge a request that fails validation or the ephemeris range', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 3 });
    expect((await api.http.get('/v1/planets?dt=yesterday', { key: apiKey })).status).toBe(400);
    const outOfRange = await api.http.get('/v1/planets?dt=1700-01-01T00:00:00Z', { key: apiKey });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toContain('1800-01-01T06:00:00Z and 2399-12-31T23:59:59Z');
    expect(await chargesOf(accountId)).toHaveLength(0);
  });
});

describe('pricing and the ledger endpoint', () => {
  it('serves the price table that the charges use', async () => {
    const response = await api.http.get('/v1/pricing');
    expect(response.status).toBe(200);
    expect(response.body.operations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operation: 'planets', credits: PRICES.planets.credits, endpoint: 'GET /v1/planets' }),
      ]),
    );
  });

  it('lists the account ledger newest first, a page at a time', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    for (let i = 0; i < 3; i++) expect((await api.http.get(DT, { key: apiKey })).status).toBe(200);
    const first = await api.http.get('/v1/account/ledger?limit=2', { key: apiKey });
    expect(first.status).toBe(200);
    expect(first.body.entries.map((e: { type: string }) => e.type)).toEqual(['CreditsCharged', 'CreditsCharged']);
    const second = await api.http.get(`/v1/account/ledger?limit=5&before=${first.body.next_before}`, { key: apiKey });
    expect(second.body.entries.map((e: { type: string }) => e.type)).toEqual(['CreditsCharged', 'CreditsGranted', 'AccountOpened']);
    expect(second.body.next_before).toBeNull();
    expect((await api.http.get('/v1/account/ledger?limit=0', { key: apiKey })).status).toBe(400);
  });
});
