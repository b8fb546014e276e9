import {
  NumerologyCompatibility,
  NumerologyCompatibilityRequest,
  NumerologyProfile,
  NumerologyProfileRequest,
  PRICES,
} from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

describe('POST /api/v3/numerology/profile', () => {
  it('answers the profile with the reductions (Decoz, October 12, 1936 → life path 5) and charges once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      '/api/v3/numerology/profile',
      { full_name: 'John Smith', birth_date: '1936-10-12', date: '2026-11-23' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(NumerologyProfile.safeParse(response.body).error?.issues ?? []).toEqual([]);
    expect(response.body.life_path).toMatchObject({ value: 5, master: false });
    expect(response.body.life_path.steps).toEqual([
      'month 10: 1+0 = 1',
      'day 12: 1+2 = 3',
      'year 1936: 1+9+3+6 = 19, 1+9 = 10, 1+0 = 1',
      '1+3+1 = 5',
    ]);
    expect(response.body.personality).toMatchObject({ value: 11, master: true });
    expect(response.body.expression.meaning.th).toMatch(/[\u0E00-\u0E7F]/);
    const charges = await chargesOf(accountId);
    expect(charges.map((c) => c.payload)).toEqual([
      { operation: 'numerology_profile', amount: PRICES.numerology_profile.credits, request_id: response.headers.get('x-request-id') },
    ]);
  });

  it('answers the OpenAPI examples for the example requests (scripts/tarot-numerology-uranian-examples.ts)', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const profile = await api.http.post('/api/v3/numerology/profile', NumerologyProfileRequest.meta()!.example, { key: apiKey });
    expect(profile.body).toEqual(NumerologyProfile.meta()!.example);
    const pair = await api.http.post('/api/v3/numerology/compatibility', NumerologyCompatibilityRequest.meta()!.example, { key: apiKey });
    expect(pair.body).toEqual(NumerologyCompatibility.meta()!.example);
  });

  it('refuses a Thai-script name and a bad date with a 400 naming the field, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const thai = await api.http.post('/api/v3/numerology/profile', { full_name: 'สมชาย ใจดี', birth_date: '1990-05-14' }, { key: apiKey });
    expect(thai.status).toBe(400);
    expect(thai.body.message).toMatch(/full_name: must be written in Latin letters/);
    const date = await api.http.post(
      '/api/v3/numerology/profile',
      { full_name: 'Somchai Jaidee', birth_date: '1990-02-30' },
      { key: apiKey },
    );
    expect(date.status).toBe(400);
    expect(date.body.message).toMatch(/birth_date: must be a real calendar date/);
    expect(await chargesOf(accountId)).toEqual([]);
  });
});

describe('POST /api/v3/numerology/compatibility', () => {
  it('compares the life paths with reasons in en and th', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      '/api/v3/numerology/compatibility',
      { person_a: { full_name: 'John Smith', birth_date: '1936-10-12' }, person_b: { full_name: 'Anna Torres', birth_date: '1985-03-17' } },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(NumerologyCompatibility.safeParse(response.body).success).toBe(true);
    // life paths 5 and 7: the 1-5-7 family
    expect(response.body.life_path_compatibility).toMatchObject({ level: 'natural', score: 90 });
    expect(response.body.life_path_compatibility.reasons[0].th).toMatch(/[\u0E00-\u0E7F]/);
    expect((await chargesOf(accountId)).map((c) => c.payload.operation)).toEqual(['numerology_compatibility']);
    const rejected = await api.http.post(
      '/api/v3/numerology/compatibility',
      { person_a: { full_name: 'A', birth_date: '1990-01-01' } },
      { key: apiKey },
    );
    expect(rejected.status).toBe(400);
    expect(rejected.body.message).toMatch(/person_b: is required/);
    expect(await chargesOf(accountId)).toHaveLength(1);
  });
});
