import {
  YamAtthakanResponse,
  MahaThaksaResponse,
  PRICES,
  ThaiAlmanacResponse,
  ThaiAuspiciousTimingResponse,
  ThaiHolyDaysResponse,
  ThaiLunarDate,
} from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { withoutBirthOffsets } from './support/birth-offsets';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) =>
  (await readStream(db, `account:${accountId}`))
    .filter((e) => e.type === 'CreditsCharged')
    .map((e) => (e.payload as { operation: string }).operation);

describe('Thai Astrology', () => {
  it('gives the lunar date of a civil date and back, charging each once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const lunar = await api.http.post('/api/v3/thai/lunar-date', { date: '2026-07-29' }, { key: apiKey });
    expect(lunar.status).toBe(200);
    expect(ThaiLunarDate.safeParse(lunar.body).error?.issues ?? []).toEqual([]);
    // Asarnha Bucha 2026 (cabinet announcement of the B.E. 2569 holidays): waxing 15 of the second 8th month.
    expect(lunar.body).toMatchObject({
      lunar_year: 2026,
      month: 8,
      second_eighth: true,
      month_label: '8/8',
      phase: 'waxing',
      day: 15,
      year_type: 'athikamat',
      buddhist_era: 2569,
    });
    expect(lunar.body.text.th).toBe('วันพุธ ขึ้น ๑๕ ค่ำ เดือน ๘/๘ ปีมะเมีย');

    const civil = await api.http.post(
      '/api/v3/thai/civil-date',
      { lunar_year: 2026, month: 8, second_eighth: true, phase: 'waxing', day: 15 },
      { key: apiKey },
    );
    expect(civil.status).toBe(200);
    expect(civil.body.date).toBe('2026-07-29');
    expect(await chargesOf(accountId)).toEqual(['thai_lunar_date', 'thai_lunar_date']);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(10 - 2 * PRICES.thai_lunar_date.credits);
  });

  it('lists the Wan Phra and festivals of a year', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/api/v3/thai/holy-days', { year: 2025 }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(ThaiHolyDaysResponse.safeParse(response.body).error?.issues ?? []).toEqual([]);
    const festival = (kind: string) => response.body.festivals.find((f: { kind: string }) => f.kind === kind).date;
    expect([festival('makha_bucha'), festival('visakha_bucha'), festival('asarnha_bucha'), festival('khao_phansa')]).toEqual([
      '2025-02-12',
      '2025-05-11',
      '2025-07-10',
      '2025-07-11',
    ]);
    expect(response.body.wan_phra).toContainEqual({ date: '2025-02-12', lunar: 'ขึ้น ๑๕ ค่ำ เดือน ๓' });
    expect(response.body.lunar_year_type).toBe('athikawan');
    expect(await chargesOf(accountId)).toEqual(['thai_holy_days']);
  });

  it('returns a month of the almanac', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/api/v3/thai/almanac', { year: 2025, month: 7 }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(ThaiAlmanacResponse.safeParse(response.body).error?.issues ?? []).toEqual([]);
    expect(response.body.days).toHaveLength(31);
    const tenth = response.body.days[9];
    expect(tenth).toMatchObject({ date: '2025-07-10', wan_phra: true, month: 8, phase: 'waxing', day: 15 });
    expect(tenth.observances.map((o: { kind: string }) => o.kind)).toEqual(['asarnha_bucha']);
    // C.S. 1387 (from 16 April 2025): Friday is Thongchai; 2025-07-04 is a Friday.
    expect(response.body.days[3].auspiciousness.rules.map((r: { rule: string }) => r.rule)).toContain('wan_thongchai');
    expect(response.body.days.every((d: { auspiciousness: { summary: { th: string } } }) => d.auspiciousness.summary.th.length > 0)).toBe(
      true,
    );
    expect(await chargesOf(accountId)).toEqual(['thai_almanac']);
  });

  it('refuses bad input with a 400 naming the field and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const cases: [string, object, RegExp][] = [
      ['/api/v3/thai/lunar-date', { date: '1900-12-31' }, /date: must be within 1901-01-01/],
      ['/api/v3/thai/lunar-date', { date: '2025-02-30' }, /date: must be a real calendar date/],
      ['/api/v3/thai/civil-date', { lunar_year: 2025, month: 3, phase: 'waxing', day: 16 }, /day: must be 1–15/],
      [
        '/api/v3/thai/civil-date',
        { lunar_year: 2025, month: 8, second_eighth: true, phase: 'waxing', day: 1 },
        /second_eighth: lunar year 2025 is an Athikawan year/,
      ],
      ['/api/v3/thai/civil-date', { lunar_year: 2025, month: 3, phase: 'waning', day: 15 }, /day: must be 1–14/],
      ['/api/v3/thai/holy-days', { year: 2200 }, /year: must be at most 2199/],
      [
        '/api/v3/thai/civil-date',
        { lunar_year: 1901, month: 1, phase: 'waxing', day: 1 },
        /lunar_year: the date falls on 1900-.*before 1901-01-01/,
      ],
      [
        '/api/v3/thai/civil-date',
        { lunar_year: 2200, month: 6, phase: 'waxing', day: 1 },
        /lunar_year: the date falls on 2200-.*after 2199-12-31/,
      ],
      ['/api/v3/thai/almanac', { year: 2025, month: 13 }, /month: must be 1–12/],
      ['/api/v3/thai/almanac', { year: 2025, month: 7, extra: 1 }, /extra: unknown field/],
    ];
    for (const [path, body, message] of cases) {
      const response = await api.http.post(path, body, { key: apiKey });
      expect([path, response.status]).toEqual([path, 400]);
      expect(response.body).toMatchObject({ error: 'bad_request', code: '400' });
      expect(response.body.message).toMatch(message);
    }
    expect(await chargesOf(accountId)).toEqual([]);
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(10);
  });

  it('draws the Maha Thaksa wheel of a Wednesday-night birth (Rahu)', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const body = { date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420, as_of: '2025-01-01' };
    const response = await api.http.post('/api/v3/thai/maha-thaksa', body, { key: apiKey });
    expect(response.status).toBe(200);
    expect(MahaThaksaResponse.safeParse(withoutBirthOffsets(response.body)).error?.issues ?? []).toEqual([]);
    expect(response.body.birth_planet).toBe('rahu');
    // Rahu-born: บริวาร Rahu, then Venus, Sun, Moon, Mars, Mercury, Saturn, and Jupiter is กาลกิณี.
    expect(response.body.positions.map((p: { planet: string }) => p.planet)).toEqual([
      'rahu',
      'venus',
      'sun',
      'moon',
      'mars',
      'mercury',
      'saturn',
      'jupiter',
    ]);
    // Rahu 12 years (1990–2002), Venus 21 (2002–2023), then the Sun's 6 years cover 2025.
    expect(response.body.current_period).toMatchObject({ planet: 'sun', start: '2023-05-16', end: '2029-05-16', as_of: '2025-01-01' });
    expect(response.body.svg).toMatch(/^<svg/);
    const bad = await api.http.post('/api/v3/thai/maha-thaksa', { ...body, time: '25:99:99:99' }, { key: apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('time:');
    expect(await chargesOf(accountId)).toEqual(['thai_maha_thaksa']);
  });

  it('gives the ยามอัฐกาล watches of a range at the place, and refuses a range over 31 days', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const place = { latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
    const response = await api.http.post(
      '/api/v3/thai/yam-atthakan',
      { ...place, start_date: '2025-07-10', end_date: '2025-07-11' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(YamAtthakanResponse.safeParse(response.body).error?.issues ?? []).toEqual([]);
    expect(response.body.days).toHaveLength(2);
    expect(response.body.days[0].sunrise).toMatch(/^2025-07-10T05:56:\d\d\+07:00$/);
    expect(response.body.days[0].watches[0].planet.en).toBe('Jupiter'); // Thursday
    const tooLong = await api.http.post(
      '/api/v3/thai/yam-atthakan',
      { ...place, start_date: '2025-07-01', end_date: '2025-08-01' },
      { key: apiKey },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('end_date: the range must be at most 31 days');
    expect(await chargesOf(accountId)).toEqual(['thai_yam_atthakan']);
  });

  it('gives the ฤกษ์ยาม of a range for an activity and a birth, and refuses bad input without charging', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const place = { latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
    const body = {
      ...place,
      start_date: '2025-03-06',
      end_date: '2025-03-08',
      activity: 'opening_business',
      birth: { date: '1990-05-20', time: '08:00' },
    };
    const response = await api.http.post('/api/v3/thai/auspicious-timing', body, { key: apiKey });
    expect(response.status).toBe(200);
    expect(ThaiAuspiciousTimingResponse.safeParse(response.body).error?.issues ?? []).toEqual([]);
    expect(response.body.kalayoka[0]).toMatchObject({ chula_sakarat: 1386, athibodi: { weekday_number: 5 } });
    const [thursday, friday, saturday] = response.body.days;
    // Thursday: the Athibodi weekday of C.S. 1386, weighed double for opening a business.
    expect(thursday).toMatchObject({ date: '2025-03-06', verdict: 'good', rules: [{ rule: 'wan_athibodi', points: 30 }] });
    expect(thursday.watches).toHaveLength(16);
    // Friday: the กาลกิณี day of a Sunday birth, a prohibition.
    expect(friday).toMatchObject({ verdict: 'avoid', rules: [{ rule: 'birth_kalakini', forbids: true }] });
    expect(friday.summary.th).toMatch(/^ควรเลี่ยงการเปิดกิจการในวันนี้ · วันศุกร์เป็นวันกาลกิณีของผู้เกิดวันอาทิตย์/);
    // Saturday: Lokawinat.
    expect(saturday.rules.map((r: { rule: string }) => r.rule)).toContain('wan_lokawinat');
    expect(await chargesOf(accountId)).toEqual(['thai_auspicious_timing']);

    const cases: [object, RegExp][] = [
      [{ ...body, activity: 'funeral' }, /activity: /],
      [{ ...body, end_date: '2025-04-06' }, /end_date: the range must be at most 31 days/],
      [{ ...body, start_date: '1900-12-31' }, /start_date: must be within 1901-01-01/],
      [{ ...body, birth: { date: '1990-02-30', time: '08:00' } }, /birth\.date: must be a real calendar date/],
      [{ ...body, birth: { date: '1990-05-20', time: '8 am' } }, /birth\.time: must be HH:MM/],
    ];
    for (const [bad, message] of cases) {
      const refused = await api.http.post('/api/v3/thai/auspicious-timing', bad, { key: apiKey });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect(await chargesOf(accountId)).toEqual(['thai_auspicious_timing']);
  });

  it('documents real calls: the OpenAPI examples are what the API answers for the example requests', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    const doc = (await api.http.get('/docs-json')).body;
    for (const [path, request, response] of [
      ['/api/v3/thai/lunar-date', 'ThaiLunarDateRequest', 'ThaiLunarDate'],
      ['/api/v3/thai/holy-days', 'ThaiHolyDaysRequest', 'ThaiHolyDaysResponse'],
      ['/api/v3/thai/almanac', 'ThaiAlmanacRequest', 'ThaiAlmanacResponse'],
      ['/api/v3/thai/maha-thaksa', 'MahaThaksaRequest', 'MahaThaksaResponse'],
      ['/api/v3/thai/yam-atthakan', 'YamAtthakanRequest', 'YamAtthakanResponse'],
      ['/api/v3/thai/auspicious-timing', 'ThaiAuspiciousTimingRequest', 'ThaiAuspiciousTimingResponse'],
    ]) {
      const answer = await api.http.post(path, doc.components.schemas[request].example, { key: apiKey });
      expect([path, answer.status]).toEqual([path, 200]);
      expect(withoutBirthOffsets(answer.body)).toEqual(doc.components.schemas[response].example);
    }
  });

  it('lists the tag and its examples in the OpenAPI document', async () => {
    const doc = (await api.http.get('/docs-json')).body;
    expect(doc.paths['/api/v3/thai/almanac'].post.tags).toEqual(['Thai Astrology']);
    expect(doc.components.schemas.ThaiLunarDateRequest.example).toEqual({ date: '2025-07-13' });
  });
});
