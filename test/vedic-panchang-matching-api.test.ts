import { DoshasResponse, KundliResponse, MatchingResponse, PanchangResponse, PRICES, ROUTES } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { withoutBirthOffsets } from './support/birth-offsets';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

const BIRTH = { date: '1990-05-15', time: '14:30', latitude: 28.6139, longitude: 77.209, timezoneOffsetMinutes: 330, ayanamsa: 'lahiri' };
const DAY = { date: '2026-01-14', latitude: 28.6139, longitude: 77.209, timezoneOffsetMinutes: 330 };

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
const requestExample = (route: { body: { meta(): object | undefined } }) =>
  (route.body.meta() as { example: Record<string, unknown> }).example;
/** The documented response example (the OpenAPI document's), a real answer to the request example. */
const responseExample = (schema: { meta(): object | undefined }) =>
  (schema.meta() as { example: Record<string, unknown> & { sunrise: string; total: number } }).example;
const panchangExample = responseExample(PanchangResponse);
const matchingExample = responseExample(MatchingResponse);

const ENDPOINTS = [
  {
    path: '/api/v3/vedic/panchang',
    operation: 'vedic_panchang',
    schema: PanchangResponse,
    route: ROUTES.vedicPanchang,
    example: panchangExample,
    id: 'PanchangResponse',
  },
  {
    path: '/api/v3/vedic/matching',
    operation: 'vedic_matching',
    schema: MatchingResponse,
    route: ROUTES.vedicMatching,
    example: matchingExample,
    id: 'MatchingResponse',
  },
  {
    path: '/api/v3/vedic/doshas',
    operation: 'vedic_doshas',
    schema: DoshasResponse,
    route: ROUTES.vedicDoshas,
    example: responseExample(DoshasResponse),
    id: 'DoshasResponse',
  },
  {
    path: '/api/v3/vedic/kundli',
    operation: 'vedic_kundli',
    schema: KundliResponse,
    route: ROUTES.vedicKundli,
    example: responseExample(KundliResponse),
    id: 'KundliResponse',
  },
] as const;

describe.each(ENDPOINTS)('POST $path', ({ path, operation, schema, route, example, id }) => {
  it('answers its request example with exactly the documented response example, charged once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(path, requestExample(route), { key: apiKey });
    expect(response.status).toBe(200);
    expect(schema.safeParse(withoutBirthOffsets(response.body)).error?.issues ?? []).toEqual([]);
    expect(withoutBirthOffsets(response.body)).toEqual(example);
    expect((await chargesOf(accountId)).map((c) => c.payload)).toEqual([
      { operation, amount: PRICES[operation].credits, request_id: response.headers.get('x-request-id') },
    ]);
  });

  it('is in the OpenAPI document under the Vedic tag with its price and examples', async () => {
    const operationDoc = (await api.http.get('/docs-json')).body.paths[path].post;
    expect(operationDoc.tags).toEqual(['Vedic']);
    // The others than panchang also carry `birth_utc_offsets`, under the same schema name (docs/time-zones.md).
    expect(operationDoc.responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${id}` });
    expect(operationDoc['x-credits']).toBe(PRICES[operation].credits);
  });
});

describe('bad Vedic requests are 400s naming the field, and nothing is charged', () => {
  it.each([
    ['/api/v3/vedic/panchang', { ...DAY, ayanamsa: 'raman' }, 'ayanamsa'],
    ['/api/v3/vedic/panchang', { ...DAY, date: '1799-06-01' }, 'date'],
    ['/api/v3/vedic/panchang', { ...DAY, date: '2026-02-30' }, 'date'],
    ['/api/v3/vedic/panchang', { ...DAY, timezoneOffsetMinutes: undefined }, 'timezoneOffsetMinutes'],
    ['/api/v3/vedic/panchang', { ...DAY, timezone: 'Asia/Tokyo' }, 'timezoneOffsetMinutes'],
    // Longyearbyen at midsummer: the Sun never sets, so there is no sunrise to reckon from.
    ['/api/v3/vedic/panchang', { date: '2026-06-21', latitude: 78.2, longitude: 15.6, timezone: 'Arctic/Longyearbyen' }, 'latitude'],
    ['/api/v3/vedic/matching', { groom: BIRTH, bride: { ...BIRTH, date: '1799-01-01' } }, 'bride.date'],
    ['/api/v3/vedic/matching', { groom: { ...BIRTH, ayanamsa: 'kp' }, bride: BIRTH }, 'groom.ayanamsa'],
    ['/api/v3/vedic/matching', { groom: BIRTH, bride: BIRTH, locale: 'fr' }, 'locale'],
    ['/api/v3/vedic/doshas', { birth_subject: { ...BIRTH, latitude: 91 } }, 'birth_subject.latitude'],
    ['/api/v3/vedic/doshas', { birth_subject: BIRTH, node: 'osculating' }, 'node'],
    ['/api/v3/vedic/kundli', { birth_subject: BIRTH, charts: ['east'] }, 'charts'],
    ['/api/v3/vedic/kundli', { birth_subject: BIRTH, charts: ['north'], chart_vargas: [5] }, 'chart_vargas'],
  ])('%s %j → 400 naming %s', async (path, body, field) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(path, body, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'bad_request',
      message: expect.any(String),
      code: '400',
      request_id: response.headers.get('x-request-id'),
    });
    expect(response.body.message).toContain(`${field}`);
    expect(await chargesOf(accountId)).toHaveLength(0);
  });
});

describe('the new Vedic endpoints read together', () => {
  it('resolves an IANA zone for the panchang and draws both chart styles for the kundli', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    const zoned = await api.http.post(
      '/api/v3/vedic/panchang',
      { date: DAY.date, latitude: DAY.latitude, longitude: DAY.longitude, timezone: 'Asia/Kolkata' },
      { key: apiKey },
    );
    expect(zoned.status).toBe(200);
    expect(zoned.body.sunrise).toBe(panchangExample.sunrise);
    expect(zoned.body.place.timezoneOffsetMinutes).toBe(330);
    const k = await api.http.post(
      '/api/v3/vedic/kundli',
      { birth_subject: BIRTH, charts: ['north', 'south'], chart_vargas: [1, 9, 60] },
      { key: apiKey },
    );
    expect(k.status).toBe(200);
    expect(k.body.charts.map((c: { style: string; varga: string }) => `${c.style} ${c.varga}`)).toEqual([
      'north D1',
      'south D1',
      'north D9',
      'south D9',
      'north D60',
      'south D60',
    ]);
    const lagna = k.body.placements[0].sign as string;
    for (const c of k.body.charts as { style: string; varga: string; svg: string }[]) {
      expect(c.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect((c.svg.match(/<g data-house=/g) ?? []).length).toBe(12);
    }
    // D1, North Indian: the first house holds the lagna's sign (Aries = 1).
    const signNumber =
      ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'].indexOf(
        lagna,
      ) + 1;
    expect(k.body.charts[0].svg).toContain(`<g data-house="1" data-sign="${signNumber}">`);
  });

  it('matches in Thai with no English sentence in the texts', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const body = { ...requestExample(ROUTES.vedicMatching), locale: 'th' };
    const response = await api.http.post('/api/v3/vedic/matching', body, { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(matchingExample.total);
    const texts = [
      ...response.body.kootas.map((k: { reason: string }) => k.reason),
      response.body.verdict.text,
      response.body.manglik.text,
      response.body.manglik.groom.description,
    ];
    for (const t of texts) {
      expect(t).toMatch(/[\u0E00-\u0E7F]{5}/);
      expect(t).not.toMatch(/\b(the|and|from|is)\b/);
    }
  });
});
