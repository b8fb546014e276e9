import { PRICES, UranianChart, UranianChartRequest } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { withoutBirthOffsets } from './support/birth-offsets';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

// Bangkok, 1990-05-14 10:15 at UTC+7
const SUBJECT = { date: '1990-05-14', time: '10:15', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

describe('POST /api/v3/uranian/chart', () => {
  it('answers the dial, midpoint sort, trees and pictures and charges uranian_chart once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/api/v3/uranian/chart', { ...SUBJECT, orb_degrees: 1 }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(UranianChart.safeParse(withoutBirthOffsets(response.body)).error?.issues ?? []).toEqual([]);
    expect(response.body.factors.map((f: { factor: string }) => f.factor)).toContain('PO');
    expect(response.body.midpoint_sort).toHaveLength(22 + 231);
    expect(response.body.orb_degrees).toBe(1);
    for (const p of response.body.planetary_pictures) expect(p.orb).toBeLessThanOrEqual(1);
    expect((await chargesOf(accountId)).map((c) => c.payload)).toEqual([
      { operation: 'uranian_chart', amount: PRICES.uranian_chart.credits, request_id: response.headers.get('x-request-id') },
    ]);
  });

  it('answers the OpenAPI example for the example request (scripts/tarot-numerology-uranian-examples.ts)', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/api/v3/uranian/chart', UranianChartRequest.meta()!.example, { key: apiKey });
    expect(withoutBirthOffsets(response.body)).toEqual(UranianChart.meta()!.example);
  });

  it('a bad orb, an unknown factor or a date outside the ephemeris is a 400 naming the field and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const orb = await api.http.post('/api/v3/uranian/chart', { ...SUBJECT, orb_degrees: 9 }, { key: apiKey });
    expect(orb.status).toBe(400);
    expect(orb.body.message).toMatch(/orb_degrees: must be at most 5/);
    const factor = await api.http.post('/api/v3/uranian/chart', { ...SUBJECT, factors: ['SU', 'MO', 'XX'] }, { key: apiKey });
    expect(factor.status).toBe(400);
    expect(factor.body.message).toMatch(/factors\.2/);
    const range = await api.http.post('/api/v3/uranian/chart', { ...SUBJECT, date: '1700-01-01' }, { key: apiKey });
    expect(range.status).toBe(400);
    expect(range.body.message).toMatch(/date/);
    expect(await chargesOf(accountId)).toEqual([]);
  });
});

describe('POST /api/v3/uranian/dial', () => {
  it('answers the dial as SVG with the pointer', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/api/v3/uranian/dial', { ...SUBJECT, pointer: 12.5 }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(response.text).toContain('pointer 12°30′');
    expect((await chargesOf(accountId)).map((c) => c.payload.operation)).toEqual(['uranian_dial']);
    const rejected = await api.http.post('/api/v3/uranian/dial', { ...SUBJECT, pointer: 90 }, { key: apiKey });
    expect(rejected.status).toBe(400);
    expect(rejected.body.message).toMatch(/pointer: must be less than 90/);
    expect(await chargesOf(accountId)).toHaveLength(1);
  });
});
