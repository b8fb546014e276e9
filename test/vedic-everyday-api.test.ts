import { AshtakavargaResponse, DashaResponse, KundliResponse, PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { withoutBirthOffsets } from './support/birth-offsets';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

// New Delhi, 15 May 1990 14:30 IST.
const BIRTH = { date: '1990-05-15', time: '14:30', latitude: 28.6139, longitude: 77.209, timezoneOffsetMinutes: 330, ayanamsa: 'lahiri' };

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

const ENDPOINTS = [
  { path: '/api/v3/vedic/kundli', operation: 'vedic_kundli', schema: KundliResponse, body: { birth_subject: BIRTH }, id: 'KundliResponse' },
  {
    path: '/api/v3/vedic/dasha',
    operation: 'vedic_dasha',
    schema: DashaResponse,
    body: { birth_subject: BIRTH, at: '2026-01-01T00:00:00Z' },
    id: 'DashaResponse',
  },
  {
    path: '/api/v3/vedic/ashtakavarga',
    operation: 'vedic_ashtakavarga',
    schema: AshtakavargaResponse,
    body: { birth_subject: BIRTH },
    id: 'AshtakavargaResponse',
  },
] as const;

describe.each(ENDPOINTS)('POST $path', ({ path, operation, schema, body, id }) => {
  it('answers in the contract shape and charges its price once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(path, body, { key: apiKey });
    expect(response.status).toBe(200);
    expect(schema.safeParse(withoutBirthOffsets(response.body)).error?.issues ?? []).toEqual([]);
    expect((await chargesOf(accountId)).map((c) => c.payload)).toEqual([
      { operation, amount: PRICES[operation].credits, request_id: response.headers.get('x-request-id') },
    ]);
  });

  it.each([
    [{ ayanamsa: 'raman' }, 'ayanamsa'],
    [{ date: '1799-06-01' }, 'date'],
    [{ latitude: 91 }, 'latitude'],
  ])('%j in the birth subject is a 400 naming %s, and nothing is charged', async (change, field) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(path, { ...body, birth_subject: { ...BIRTH, ...change } }, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'bad_request',
      message: expect.any(String),
      code: '400',
      request_id: response.headers.get('x-request-id'),
    });
    expect(response.body.message).toContain(`${field}:`);
    expect(await chargesOf(accountId)).toHaveLength(0);
  });

  it('is in the OpenAPI document under the Vedic tag with its price', async () => {
    const operationDoc = (await api.http.get('/docs-json')).body.paths[path].post;
    expect(operationDoc.tags).toEqual(['Vedic']);
    expect(operationDoc.responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${id}` });
    expect(operationDoc['x-credits']).toBe(PRICES[operation].credits);
  });
});

describe('the Vedic endpoints read together', () => {
  it('gives the kundli, the dasha and the Ashtakavarga of one chart consistently', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    const kundli = (await api.http.post('/api/v3/vedic/kundli', { birth_subject: BIRTH, node: 'true' }, { key: apiKey })).body;
    expect(kundli.node).toBe('true');
    const moon = kundli.placements.find((p: { body: string }) => p.body === 'Moon');
    const dasha = (await api.http.post('/api/v3/vedic/dasha', { birth_subject: BIRTH, year_days: 360 }, { key: apiKey })).body;
    expect(dasha.moon_nakshatra).toBe(moon.nakshatra);
    expect(dasha.balance_at_birth.lord).toBe(moon.nakshatra_lord);
    expect(dasha.year_days).toBe(360);
    const av = (await api.http.post('/api/v3/vedic/ashtakavarga', { birth_subject: BIRTH }, { key: apiKey })).body;
    expect(av.sarvashtakavarga.total).toBe(337);
  });

  it('refuses a node or a year length it does not know, naming the field', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const node = await api.http.post('/api/v3/vedic/kundli', { birth_subject: BIRTH, node: 'osculating' }, { key: apiKey });
    expect(node.status).toBe(400);
    expect(node.body.message).toContain('node:');
    const year = await api.http.post('/api/v3/vedic/dasha', { birth_subject: BIRTH, year_days: 365 }, { key: apiKey });
    expect(year.status).toBe(400);
    expect(year.body.message).toContain('year_days:');
    expect(await chargesOf(accountId)).toHaveLength(0);
  });
});
