import { PRICES, SajuReport } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { withoutBirthOffsets } from './support/birth-offsets';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

const PATH = '/api/v3/korean/saju';
// 1990 is a 庚午 (Yang) year; 1991-08-20 falls in 辛未 (Yin).
const YANG = { date: '1990-05-15', time: '10:30', latitude: 37.57, longitude: 126.98, timezoneOffsetMinutes: 540 };
const YIN = { ...YANG, date: '1991-08-20', time: '15:10' };

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

describe('POST /api/v3/korean/saju', () => {
  it('answers the spec-shaped chart, validated by the zod schema, and charges korean_saju once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      PATH,
      { ...YANG, ayanamsa: 'lahiri', locale: 'ko-KR', focus: 'career', question: '이직해도 될까요?', gender: 'male' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    const parsed = SajuReport.safeParse(withoutBirthOffsets(response.body));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(response.body).toMatchObject({ system: 'korean_saju', focus: 'career', question: '이직해도 될까요?' });
    expect(response.body.reading_summary).toMatch(/[\uac00-\ud7a3]/);
    expect(response.body.annual_luck.years).toHaveLength(26);
    const charges = await chargesOf(accountId);
    expect(charges.map((c) => c.payload)).toEqual([
      { operation: 'korean_saju', amount: PRICES.korean_saju.credits, request_id: response.headers.get('x-request-id') },
    ]);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(10 - PRICES.korean_saju.credits);
  });

  it('runs major luck forward or backward by gender and year polarity, forward by default', async () => {
    const { apiKey } = await createAccount(db, { credits: 50 });
    const luck = async (body: object) => {
      const response = await api.http.post(PATH, body, { key: apiKey });
      expect(response.status).toBe(200);
      return response.body.major_luck;
    };
    expect(await luck({ ...YANG, gender: 'male' })).toMatchObject({
      direction: 'forward',
      gender_input: 'male',
      direction_assumed_default: false,
    });
    expect(await luck({ ...YIN, gender: 'male' })).toMatchObject({
      direction: 'backward',
      gender_input: 'male',
      direction_assumed_default: false,
    });
    expect(await luck({ ...YANG, gender: 'female' })).toMatchObject({
      direction: 'backward',
      gender_input: 'female',
      direction_assumed_default: false,
    });
    expect(await luck({ ...YIN, gender: 'female' })).toMatchObject({
      direction: 'forward',
      gender_input: 'female',
      direction_assumed_default: false,
    });
    expect(await luck({ ...YIN, gender: 'unknown' })).toMatchObject({
      direction: 'forward',
      gender_input: 'unknown',
      direction_assumed_default: true,
    });
    expect(await luck(YIN)).toMatchObject({ direction: 'forward', gender_input: 'unknown', direction_assumed_default: true });
  });

  it('caps the annual luck at 121 rows when 80 + 80 are asked', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(PATH, { ...YANG, annual_luck_years_before: 80, annual_luck_years_after: 80 }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body.annual_luck.years).toHaveLength(121);
    expect(response.body.annual_luck).toMatchObject({ anchor_civil_year_utc: 1990, years_before: 60, years_after: 60 });
    expect(SajuReport.safeParse(withoutBirthOffsets(response.body)).success).toBe(true);
  });

  it('accepts the limits themselves: 0 years, a 1000-character question, a 24-character locale', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      PATH,
      { ...YANG, annual_luck_years_before: 0, annual_luck_years_after: 0, question: 'q'.repeat(1000), locale: 'x'.repeat(24) },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(response.body.annual_luck.years).toHaveLength(1);
    expect(response.body.question).toHaveLength(1000);
  });

  it.each([
    [{ gender: 'other' }, 'gender'],
    [{ annual_luck_years_before: 81 }, 'annual_luck_years_before'],
    [{ annual_luck_years_before: -1 }, 'annual_luck_years_before'],
    [{ annual_luck_years_before: 2.5 }, 'annual_luck_years_before'],
    [{ annual_luck_years_after: 81 }, 'annual_luck_years_after'],
    [{ question: '' }, 'question'],
    [{ question: 'q'.repeat(1001) }, 'question'],
    [{ question: '   ' }, 'question'],
    [{ locale: 'k' }, 'locale'],
    [{ locale: 'x'.repeat(25) }, 'locale'],
    [{ focus: 'health' }, 'focus'],
    [{ ayanamsa: 'raman' }, 'ayanamsa'],
    [{ ja_hour_convention: 'midnight' }, 'ja_hour_convention'],
    [{ latitude: 91 }, 'latitude'],
    [{ time: '7:30' }, 'time'],
    [{ colour: 'red' }, 'colour'],
    [{ date: '1799-06-01' }, 'date'],
    [{ date: '2023-02-30' }, 'date'],
    [{ time: '24:00' }, 'time'],
  ])('%j is a 400 naming %s, and nothing is charged', async (change, field) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(PATH, { ...YANG, ...change }, { key: apiKey });
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

  it('anchors the reading to the request time, or to reference_date, with annual_luck unchanged', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    // 1990-born, asked about 2026-05-20: the sexagenary year 丙午 (from Ipchun 2026-02-04) and the
    // major-luck period containing that day (lunar-javascript agrees: libs/saju/src/reading-anchor.test.ts).
    const response = await api.http.post(
      PATH,
      { ...YANG, gender: 'male', reference_date: '2026-05-20', question: 'Should I change jobs next year?' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(SajuReport.safeParse(withoutBirthOffsets(response.body)).error?.issues ?? []).toEqual([]);
    const asOf = response.body.reading_as_of;
    expect(asOf).toMatchObject({ date: '2026-05-20', source: 'reference_date', annual_civil_year: 2026, annual_pillar: '丙午' });
    const period = response.body.major_luck.periods[asOf.major_luck_index - 1];
    expect(Date.parse(period.approximate_start_utc)).toBeLessThan(Date.parse('2026-05-20T03:00:00Z'));
    expect(Date.parse(period.approximate_end_utc_exclusive)).toBeGreaterThan(Date.parse('2026-05-20T03:00:00Z'));
    expect(response.body.reading_summary).toContain(`you are in the luck period ${period.stem}${period.branch}`);
    expect(response.body.annual_luck.anchor_civil_year_utc).toBe(1990);

    // The reading is as of the request's day at UTC+9: the day it was sent, or the next one if it answered after midnight there.
    const koreanDay = () => new Date(Date.now() + 540 * 60_000).toISOString().slice(0, 10);
    const sentOn = koreanDay();
    const now = await api.http.post(PATH, YANG, { key: apiKey });
    const answeredOn = koreanDay();
    expect(now.body.reading_as_of).toMatchObject({ source: 'request_time' });
    expect([sentOn, answeredOn]).toContain(now.body.reading_as_of.date);

    const bad = await api.http.post(PATH, { ...YANG, reference_date: '2026-02-30' }, { key: apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('reference_date:');
  });

  it('refuses a body without the birth subject, naming each missing field', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(PATH, { focus: 'love' }, { key: apiKey });
    expect(response.status).toBe(400);
    for (const field of ['date', 'time', 'latitude', 'longitude', 'timezoneOffsetMinutes'])
      expect(response.body.message).toContain(`${field}: is required`);
  });

  it('answers 402 with the spec body and charges nothing when credits are short', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: PRICES.korean_saju.credits - 1 });
    const response = await api.http.post(PATH, YANG, { key: apiKey });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      error: 'payment_required',
      message: expect.stringContaining('insufficient credits'),
      code: '402',
      request_id: response.headers.get('x-request-id'),
    });
    expect(await chargesOf(accountId)).toHaveLength(0);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(PRICES.korean_saju.credits - 1);
  });

  it('answers 401 without a key', async () => {
    const response = await api.http.post(PATH, YANG);
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('unauthorized');
  });

  it('is in the OpenAPI document with the SajuReport schema', async () => {
    const doc = (await api.http.get('/docs-json')).body;
    const operation = doc.paths[PATH].post;
    expect(operation.tags).toEqual(['Chinese & Korean']);
    expect(operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SajuReport' });
    expect(operation['x-credits']).toBe(PRICES.korean_saju.credits);
    const schema = doc.components.schemas.SajuReport;
    expect(Object.keys(schema.properties)).toEqual([
      'system',
      'summer_time',
      'pillars',
      'day_master',
      'five_elements',
      'hidden_stems',
      'branch_interactions',
      'ten_gods',
      'major_luck',
      'annual_luck',
      'focus',
      'question',
      'reading_summary',
      'reading_as_of',
      'birth_utc_offsets',
      'birth_places',
      'calculation',
    ]);
  });
});
