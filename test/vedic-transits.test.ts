import { loadConfig } from '@astro/config';
import { ManglikDoshaResponse, SadeSatiResponse, VedicRemediesResponse } from '@astro/contracts';
import { Database } from '@astro/database';
import { bodyAt, instantFromLocal, julianDayUt } from '@astro/ephemeris';
import { readStream } from '@astro/ledger';
import { proseIssues } from './support/prose-check';
import reference from './fixtures/shadbala-vp-jain-1981.json';
import { withoutBirthOffsets } from './support/birth-offsets';
import { connectTestDatabase, createAccount, startApi, TestApi } from './support/harness';

const ephemerisPath = loadConfig({}).ephemerisPath;
const BOOK = { ...reference.input.birth_subject };

let db: Database;
let api: TestApi;
let apiKey: string;

beforeAll(async () => {
  db = await connectTestDatabase();
  api = await startApi();
  // Sade Sati, Manglik and remedies are open to every tier, Free included.
  ({ apiKey } = await createAccount(db, { tier: 'free', credits: 200 }));
});
afterAll(async () => {
  await api.close();
  await db.close();
});

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

// ---- An independent Saturn ingress table: daily steps and bisection on bodyAt, nothing from libs/vedic.
const saturnSignAt = (jd: number) => Math.floor(bodyAt(jd, 'Saturn', ephemerisPath, 'sidereal_lahiri').longitude / 30);

function ingressesBetween(fromJd: number, toJd: number): { jd: number; from: number; to: number }[] {
  const list: { jd: number; from: number; to: number }[] = [];
  let previous = saturnSignAt(fromJd);
  for (let jd = fromJd + 1; jd <= toJd; jd += 1) {
    const sign = saturnSignAt(jd);
    if (sign !== previous) {
      let lo = jd - 1;
      let hi = jd;
      for (let i = 0; i < 40; i++) {
        const mid = (lo + hi) / 2;
        if (saturnSignAt(mid) === previous) lo = mid;
        else hi = mid;
      }
      list.push({ jd: hi, from: previous, to: sign });
      previous = sign;
    }
  }
  return list;
}

const dateAt = (jd: number, offsetMinutes: number) =>
  new Date((jd - 2440587.5) * 86_400_000 + offsetMinutes * 60_000).toISOString().slice(0, 10);

describe('Sade Sati against an independent Saturn ingress table', () => {
  const now = julianDayUt(new Date());
  const table = ingressesBetween(now - 10 * 365.25, now + 32 * 365.25);

  // Every Moon sign: the Moon moves 12–15° a day, so births 2 days apart over 30 days cover all twelve.
  const births = Array.from({ length: 15 }, (_, k) => {
    const date = new Date(Date.UTC(1990, 0, 1) + k * 2 * 86_400_000).toISOString().slice(0, 10);
    return { date, time: '12:00', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420, ayanamsa: 'lahiri' };
  });

  it.each(births)("gives the phase and the period of Saturn's real stay around the Moon sign (birth %o)", async (birth) => {
    const moonSign = Math.floor(
      bodyAt(
        julianDayUt(instantFromLocal(birth.date, birth.time, birth.timezoneOffsetMinutes * 60)),
        'Moon',
        ephemerisPath,
        'sidereal_lahiri',
      ).longitude / 30,
    );
    const window = [(moonSign + 11) % 12, moonSign, (moonSign + 1) % 12];
    const inWindow = (sign: number) => window.includes(sign);
    const phase = inWindow(saturnSignAt(now)) ? window.indexOf(saturnSignAt(now)) + 1 : 0;
    const entries = table.filter((i) => inWindow(i.to) && !inWindow(i.from));
    const exits = table.filter((i) => inWindow(i.from) && !inWindow(i.to));
    const start = phase > 0 ? entries.filter((i) => i.jd <= now).pop()! : entries.find((i) => i.jd > now)!;
    const end = exits.find((i) => i.jd > (phase > 0 ? now : start.jd))!;

    const response = await api.http.post('/api/v3/vedic/sade-sati', birth, { key: apiKey });
    expect(response.status).toBe(200);
    expect(SadeSatiResponse.safeParse(withoutBirthOffsets(response.body)).error).toBeUndefined();
    expect(response.body).toMatchObject({
      has_sade_sati: phase > 0,
      currentPhase: phase,
      startDate: dateAt(start.jd, birth.timezoneOffsetMinutes),
      endDate: dateAt(end.jd, birth.timezoneOffsetMinutes),
    });
    expect(response.body.remedies.length).toBeGreaterThan(0);
  });

  it('covers every phase and a retrograde re-entry in the table it checks against', () => {
    const signs = new Set(
      births.map((b) =>
        Math.floor(
          bodyAt(julianDayUt(instantFromLocal(b.date, b.time, 420 * 60)), 'Moon', ephemerisPath, 'sidereal_lahiri').longitude / 30,
        ),
      ),
    );
    expect(signs.size).toBe(12);
    expect(table.some((i) => (i.to - i.from + 12) % 12 === 11)).toBe(true); // a backward (retrograde) ingress
  });
});

describe('Manglik dosha', () => {
  it("finds the book chart's Mars in the 2nd from the Lagna only: low", async () => {
    // From the book's table: Lagna 86.72° (Gemini), Mars 103.3° (Cancer, 2nd from Gemini), Moon
    // 309.83° (Aquarius: Cancer is 6th), Venus 186.45° (Libra: Cancer is 10th), Jupiter 170.75°
    // (Virgo: Cancer is 11th, no aspect); Mars is neither in its own sign nor exalted.
    const response = await api.http.post('/api/v3/vedic/manglik-dosha', BOOK, { key: apiKey });
    expect(response.status).toBe(200);
    expect(ManglikDoshaResponse.safeParse(withoutBirthOffsets(response.body)).error).toBeUndefined();
    expect(response.body).toMatchObject({ has_dosha: true, severity: 'low' });
    expect(response.body.description).toContain('2nd from the Lagna');
  });

  const signOf = (date: string, body: 'Mars' | 'Moon' | 'Venus' | 'Jupiter') =>
    Math.floor(bodyAt(julianDayUt(instantFromLocal(date, '12:00', 0)), body, ephemerisPath, 'sidereal_lahiri').longitude / 30);
  const GREENWICH_NOON = { time: '12:00', latitude: 51.48, longitude: 0, timezoneOffsetMinutes: 0 };

  it('answers none for a chart without the dosha', async () => {
    // 2001-02-22 12:00 UT at Greenwich: Lagna 71° (Gemini), Mars in Scorpio is 6th from it, 10th from
    // the Moon in Aquarius and 9th from Venus in Pisces.
    expect([signOf('2001-02-22', 'Mars'), signOf('2001-02-22', 'Moon'), signOf('2001-02-22', 'Venus')]).toEqual([7, 10, 11]);
    const response = await api.http.post('/api/v3/vedic/manglik-dosha', { date: '2001-02-22', ...GREENWICH_NOON }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ has_dosha: false, severity: 'none', remedies: [] });
    expect(response.body.description).toContain('no Manglik dosha');
  });

  it('cancels the dosha when Jupiter aspects Mars', async () => {
    // 1999-06-01 12:00 UT at Greenwich: Mars in Libra is 4th from Venus in Cancer (a dosha), but
    // Jupiter in Aries aspects Libra by its 7th-sign aspect: cancelled.
    expect([signOf('1999-06-01', 'Mars'), signOf('1999-06-01', 'Venus'), signOf('1999-06-01', 'Jupiter')]).toEqual([6, 3, 0]);
    const response = await api.http.post('/api/v3/vedic/manglik-dosha', { date: '1999-06-01', ...GREENWICH_NOON }, { key: apiKey });
    expect(response.body).toMatchObject({ has_dosha: false, severity: 'none' });
    expect(response.body.description).toMatch(/4th from Venus.*cancelled: Jupiter aspects Mars/);
  });
});

describe('remedies', () => {
  it('reads the signals of the book chart and answers in Thai with English titles', async () => {
    const response = await api.http.post('/api/v3/vedic/remedies', { birth_subject: BOOK, locale: 'th' }, { key: apiKey });
    expect(response.status).toBe(200);
    expect(VedicRemediesResponse.safeParse(withoutBirthOffsets(response.body)).error).toBeUndefined();
    // From the book's totals: Sun 331.67 < 390, Moon 346.35 < 360, Jupiter 376.23 < 390 required;
    // Mars in Cancer is debilitated; Mars 2nd from the Lagna is Manglik (see above). Sade Sati for the
    // Aquarius Moon lasts until Saturn leaves Pisces (2027-06-03).
    const sadeSati = Date.now() < Date.parse('2027-06-02T00:00:00Z');
    expect(response.body.signals).toEqual([
      'weak_sun',
      'weak_moon',
      'weak_jupiter',
      'debilitated_mars',
      ...(sadeSati ? ['sade_sati_active'] : []),
      'manglik_dosha',
    ]);
    expect(response.body.locale).toBe('th');
    expect(response.body.disclaimer).toMatch(/[\u0E00-\u0E7F]/);
    for (const r of response.body.recommendations) {
      expect(r.title).toMatch(/^[A-Z]/);
      expect(r.title_th).toMatch(/[\u0E00-\u0E7F]/);
      expect(r.traditional_context).toMatch(/[\u0E00-\u0E7F]/);
      expect(r.practical_reflection).toMatch(/[\u0E00-\u0E7F]/);
    }
    const english = await api.http.post('/api/v3/vedic/remedies', { birth_subject: BOOK }, { key: apiKey });
    expect(english.body.locale).toBe('en');
    expect(english.body.disclaimer).toMatch(/not medical, legal, financial or psychological advice/);
    expect(english.body.recommendations[0].traditional_context).toMatch(/^By Shadbala the Sun reaches \d+% /);
  });
});

describe('Sade Sati and Manglik in Thai (locale, beyond the spec)', () => {
  it('answers the descriptions and remedies in Thai for locale th, with no English sentence, and English by default', async () => {
    const sadeSati = await api.http.post('/api/v3/vedic/sade-sati', { ...BOOK, locale: 'th' }, { key: apiKey });
    expect(sadeSati.status).toBe(200);
    expect(SadeSatiResponse.safeParse(withoutBirthOffsets(sadeSati.body)).error).toBeUndefined();
    const manglik = await api.http.post('/api/v3/vedic/manglik-dosha', { ...BOOK, locale: 'th' }, { key: apiKey });
    expect(manglik.status).toBe(200);
    // The book chart's Mars is 2nd from the Lagna (see above): ราศีที่ 2 นับจากลัคนา.
    expect(manglik.body).toMatchObject({ has_dosha: true, severity: 'low' });
    expect(manglik.body.description).toContain('ราศีที่ 2 นับจากลัคนา');
    const texts = [sadeSati.body.phaseDescription, ...sadeSati.body.remedies, manglik.body.description, ...manglik.body.remedies];
    for (const text of texts) expect(text).toMatch(/[\u0E00-\u0E7F]/);
    expect(proseIssues(texts.map((text, i) => ({ key: `text ${i}`, language: 'th' as const, text })))).toEqual([]);
    expect(new Set(manglik.body.remedies).size).toBe(manglik.body.remedies.length);
    const english = await api.http.post('/api/v3/vedic/sade-sati', BOOK, { key: apiKey });
    expect(english.body.remedies[0]).toBe('Recite the Hanuman Chalisa or the Shani stotra on Saturdays.');
  });

  it('refuses another locale, naming the field, and charges nothing', async () => {
    const { accountId, apiKey: key } = await createAccount(db, { credits: 10 });
    for (const path of ['/api/v3/vedic/sade-sati', '/api/v3/vedic/manglik-dosha']) {
      const response = await api.http.post(path, { ...BOOK, locale: 'fr' }, { key });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('locale: must be en or th');
    }
    expect(await chargesOf(accountId)).toHaveLength(0);
  });
});

describe('errors of the three endpoints', () => {
  const endpoints = [
    ['/api/v3/vedic/sade-sati', (b: object) => b, 'sade_sati'],
    ['/api/v3/vedic/manglik-dosha', (b: object) => b, 'manglik_dosha'],
    ['/api/v3/vedic/remedies', (b: object) => ({ birth_subject: b, locale: 'en' }), 'vedic_remedies'],
  ] as const;
  const prefix = (path: string) => (path.endsWith('remedies') ? 'birth_subject\\.' : '');

  it.each(endpoints)('%s: 400 naming the field, nothing charged', async (path, wrap) => {
    const { accountId, apiKey: key } = await createAccount(db, { tier: 'free', credits: 50 });
    const cases: [unknown, RegExp][] = [
      [wrap({ ...BOOK, ayanamsa: 'fagan_bradley' }), new RegExp(`${prefix(path)}ayanamsa: unsupported ayanamsa`)],
      [wrap({ ...BOOK, longitude: 200 }), new RegExp(`${prefix(path)}longitude: must be at most 180`)],
      [wrap({ ...BOOK, timezoneOffsetMinutes: undefined }), new RegExp(`${prefix(path)}timezoneOffsetMinutes: is required`)],
      [wrap({ ...BOOK, date: '1981-02-30' }), /date: must be a real calendar date/],
      [wrap({ ...BOOK, extra: 1 }), /extra: unknown field/],
    ];
    if (path.endsWith('remedies')) cases.push([{ birth_subject: BOOK, locale: 'fr' }, /locale: must be en or th/]);
    for (const [body, message] of cases) {
      const response = await api.http.post(path, body, { key });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'bad_request', code: '400' });
      expect(response.body.message).toMatch(message);
    }
    expect(await chargesOf(accountId)).toHaveLength(0);
  });

  it.each(endpoints)('%s: 401 without a key, 402 below the price, one charge when served', async (path, wrap, operation) => {
    expect((await api.http.post(path, wrap(BOOK))).status).toBe(401);
    const poor = await createAccount(db, { tier: 'free', credits: 1 });
    const refused = await api.http.post(path, wrap(BOOK), { key: poor.apiKey });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'payment_required', code: '402' });
    expect(await chargesOf(poor.accountId)).toHaveLength(0);
    const { accountId, apiKey: key } = await createAccount(db, { tier: 'free', credits: 10 });
    const served = await api.http.post(path, wrap(BOOK), { key });
    expect(served.status).toBe(200);
    expect((await chargesOf(accountId)).map((c) => c.payload)).toEqual([
      {
        operation,
        amount: { sade_sati: 2, manglik_dosha: 2, vedic_remedies: 3 }[operation],
        request_id: served.headers.get('x-request-id'),
      },
    ]);
  });
});
