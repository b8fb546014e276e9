import { BaziReport, PRICES, QimenChart } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { withoutBirthOffsets } from './support/birth-offsets';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

const BAZI = '/api/v3/chinese/bazi';
const QIMEN = '/api/v3/chinese/qimen';
// 1990-05-15 10:30 +08:00 is 庚午 辛巳 庚辰 辛巳 (docs/saju.md works the same birth).
const BIRTH = { date: '1990-05-15', time: '10:30', latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: 480, gender: 'male' };
const MOMENT = { date: '2024-03-20', time: '12:00', timezoneOffsetMinutes: 480 };

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

describe('POST /api/v3/chinese/bazi', () => {
  it('answers the chart, valid by its zod schema, and charges chinese_bazi once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(BAZI, { ...BIRTH, language: 'zh' }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(BaziReport.safeParse(withoutBirthOffsets(response.body)).error?.issues ?? []).toEqual([]);
    const body = response.body as BaziReport;
    expect(['year', 'month', 'day', 'hour'].map((p) => body.pillars[p as 'year'].gan_zhi)).toEqual(['庚午', '辛巳', '庚辰', '辛巳']);
    expect(body.pillars.year.na_yin.zh).toBe('路旁土');
    expect(body.pillars.day.stem_ten_god.zh).toBe('日主');
    expect(body.day_master.strength).toMatchObject({ label: 'strong', points: 5.1 });
    expect(body.luck_pillars.direction).toBe('forward');
    expect(body.annual_pillars.years).toHaveLength(21);
    expect(body.reading.language).toBe('zh');
    expect(body.reading.paragraphs.join('')).not.toMatch(/[A-Za-z]{3,}/);
    const charges = await chargesOf(accountId);
    expect(charges.map((c) => c.payload)).toEqual([
      { operation: 'chinese_bazi', amount: PRICES.chinese_bazi.credits, request_id: response.headers.get('x-request-id') },
    ]);
  });

  it('uses local apparent solar time when asked, and says so', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    // Urumqi (87.6° E) on Beijing time: 10:30 +08:00 is 02:30 UT; + 87.6 × 4 min = 08:20:24 local mean
    // time; + the equation of time of mid-May (about +3.7 min) ≈ 08:24 apparent: the 辰 hour, not 巳.
    const response = await api.http.post(BAZI, { ...BIRTH, longitude: 87.6, true_solar_time: true }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body.time_basis.true_solar_time).toBe(true);
    expect(response.body.time_basis.solar_time).toMatchObject({ date: '1990-05-15', longitude_correction_minutes: 350.4 });
    expect(response.body.time_basis.solar_time.time.slice(0, 4)).toBe('08:2');
    expect(response.body.time_basis.solar_time.equation_of_time_minutes).toBeCloseTo(3.7, 0);
    expect(response.body.pillars.hour.branch).toBe('辰');
  });

  it('offers both Zi-hour conventions for a 23:30 birth', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    const late = { ...BIRTH, time: '23:30', language: 'th' };
    const nextDay = await api.http.post(BAZI, { ...late, zi_hour: 'next_day' }, { key: apiKey });
    const split = await api.http.post(BAZI, { ...late, zi_hour: 'split' }, { key: apiKey });
    expect(nextDay.body.pillars.day.gan_zhi).toBe('辛巳');
    expect(split.body.pillars.day.gan_zhi).toBe('庚辰');
    expect(split.body.pillars.hour.gan_zhi).toBe(nextDay.body.pillars.hour.gan_zhi);
    expect(split.body.reading.paragraphs.join('')).toMatch(/[\u0e00-\u0e7f]/);
    expect(split.body.reading.paragraphs.join('')).not.toMatch(/\b(the|and|of)\b/);
  });

  it('takes summer time off a China 1988 summer birth given with its zone, and reads it as given when asked', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    // 1988-07-15 13:30 in Asia/Shanghai is summer time (+09:00): 12:30 standard time, the 午 hour;
    // the summer clock itself is the 未 hour (libs/chinese/src/summer-time.test.ts has the oracle).
    const summer = { ...BIRTH, date: '1988-07-15', time: '13:30', timezoneOffsetMinutes: undefined, timezone: 'Asia/Shanghai' };
    const standard = await api.http.post(BAZI, summer, { key: apiKey });
    expect(standard.status).toBe(200);
    expect(standard.body.pillars.hour.branch).toBe('午');
    expect(standard.body.time_basis.summer_time).toMatchObject({ rule: 'standard_time', timezone: 'Asia/Shanghai', removed_minutes: 60 });
    const asGiven = await api.http.post(BAZI, { ...summer, dst: 'as_given' }, { key: apiKey });
    expect(asGiven.body.pillars.hour.branch).toBe('未');
    expect(asGiven.body.time_basis.summer_time).toMatchObject({ rule: 'as_given', summer_time_minutes: 60, removed_minutes: 0 });
  });

  it.each([
    [{ dst: 'summer' }, 'dst'],
    [{ gender: 'unknown' }, 'gender'],
    [{ zi_hour: 'midnight' }, 'zi_hour'],
    [{ true_solar_time: 'yes' }, 'true_solar_time'],
    [{ annual_years_after: 81 }, 'annual_years_after'],
    [{ language: 'ko' }, 'language'],
    [{ latitude: 91 }, 'latitude'],
    [{ date: '1799-06-01' }, 'date'],
    [{ time: '24:00' }, 'time'],
    [{ colour: 'red' }, 'colour'],
  ])('%j is a 400 naming %s, and nothing is charged', async (change, field) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(BAZI, { ...BIRTH, ...change }, { key: apiKey });
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
});

describe('POST /api/v3/chinese/qimen', () => {
  it('answers the hour chart with its SVG board, valid by its zod schema, and charges chinese_qimen once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(QIMEN, { ...MOMENT, language: 'th' }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(QimenChart.safeParse(withoutBirthOffsets(response.body)).error?.issues ?? []).toEqual([]);
    const body = response.body as QimenChart;
    expect(body).toMatchObject({
      dun: 'yang',
      ju: 3,
      yuan: 'upper',
      solar_term: { zh: '春分' },
      convention: { plate: '转盘', ju_method: '拆补法', centre_palace: '中五寄坤二' },
    });
    expect(body.duty_star).toMatchObject({ zh: '天任', palace: 3 });
    expect(body.palaces).toHaveLength(9);
    expect(body.palaces[0].door!.meaning).toMatch(/[\u0e00-\u0e7f]/);
    expect(body.svg).toMatch(/^<svg/);
    const charges = await chargesOf(accountId);
    expect(charges.map((c) => c.payload)).toEqual([
      { operation: 'chinese_qimen', amount: PRICES.chinese_qimen.credits, request_id: response.headers.get('x-request-id') },
    ]);
  });

  it('leaves the SVG out when include_svg is false', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(QIMEN, { ...MOMENT, include_svg: false }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body.svg).toBeUndefined();
  });

  it.each([
    [{ true_solar_time: true }, 'longitude'],
    [{ timezoneOffsetMinutes: 900 }, 'timezoneOffsetMinutes'],
    [{ time: '7:30' }, 'time'],
    [{ date: '2023-02-30' }, 'date'],
    [{ language: 'fr' }, 'language'],
    [{ gender: 'male' }, 'gender'],
  ])('%j is a 400 naming %s, and nothing is charged', async (change, field) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(QIMEN, { ...MOMENT, ...change }, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(`${field}:`);
    expect(await chargesOf(accountId)).toHaveLength(0);
  });

  it('answers 402 and charges nothing when credits are short, 401 without a key', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: PRICES.chinese_qimen.credits - 1 });
    const response = await api.http.post(QIMEN, MOMENT, { key: apiKey });
    expect(response.status).toBe(402);
    expect(await chargesOf(accountId)).toHaveLength(0);
    expect((await api.http.post(QIMEN, MOMENT)).status).toBe(401);
  });

  it('documents real calls: the OpenAPI examples are what the API answers for the example requests', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const doc = (await api.http.get('/docs-json')).body;
    for (const [path, request, response] of [
      [BAZI, 'BaziRequest', 'BaziReport'],
      [QIMEN, 'QimenRequest', 'QimenChart'],
    ]) {
      const answer = await api.http.post(path, doc.components.schemas[request].example, { key: apiKey });
      expect(answer.status).toBe(200);
      expect(withoutBirthOffsets(answer.body)).toEqual(doc.components.schemas[response].example);
    }
  });

  it('puts both routes in the OpenAPI document under Chinese & Korean with their schemas and prices', async () => {
    const doc = (await api.http.get('/docs-json')).body;
    for (const [path, schema, operation] of [
      [BAZI, 'BaziReport', 'chinese_bazi'],
      [QIMEN, 'QimenChart', 'chinese_qimen'],
    ] as const) {
      const op = doc.paths[path].post;
      expect(op.tags).toEqual(['Chinese & Korean']);
      expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${schema}` });
      expect(op['x-credits']).toBe(PRICES[operation].credits);
    }
  });
});
