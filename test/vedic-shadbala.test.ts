import { withoutBirthOffsets } from './support/birth-offsets';
import * as os from 'node:os';
import { PRICES, ShadbalaResponse } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
// A verbatim copy of ../shared/reference/shadbala-vp-jain-1981.json, so the test runs in any checkout.
import reference from './fixtures/shadbala-vp-jain-1981.json';
import { connectTestDatabase, createAccount, startApi, testConfig, TestApi } from './support/harness';

const PATH = '/api/v3/vedic/shadbala';
const BOOK_BODY = { birth_subject: reference.input.birth_subject, mercury_natures: reference.input.mercury_natures };
const PLANETS = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn'] as const;

let db: Database;
let api: TestApi;
let book: ShadbalaResponse;

beforeAll(async () => {
  db = await connectTestDatabase();
  api = await startApi();
  const { apiKey } = await createAccount(db, { tier: 'pro', credits: 100 });
  const response = await api.http.post(PATH, BOOK_BODY, { key: apiKey });
  expect(response.status).toBe(200);
  book = withoutBirthOffsets(response.body);
});
afterAll(async () => {
  await api.close();
  await db.close();
});

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
const ours = (i: number) => book.result.aggregate.planets[i];

describe("V. P. Jain's worked example (New Delhi, 13 Sep 1981 01:30 IST) through the endpoint", () => {
  it('answers in the spec shape with the constant method profile', () => {
    expect(ShadbalaResponse.safeParse(book).error).toBeUndefined();
    expect(book.result.aggregate.planets.map((p) => p.planet)).toEqual(PLANETS);
    expect(book.result.aggregate.method).toEqual({
      ayana_profile: 'tropical_plane_zero_latitude_single_sun',
      cheshta_profile: 'vp_jain_1900_ujjain_surya_siddhanta',
      yuddha_profile: 'vp_jain_disc_normalized_pre_ayana_tri_bala',
      luminary_allocation: 'split_kala_cheshta',
      drik_profile: 'parashari_signed_drishti_pinda',
      nodes: 'excluded',
    });
    expect(book.result.context.classifications).toEqual({ moon: 'benefic', mercury: { paksha: 'benefic', drik: 'benefic' } });
  });

  it('places the planets within the tolerance of the book', () => {
    // The book's longitudes are 0.1° to 0.37° larger throughout: its ayanamsa is smaller than Lahiri
    // on the Swiss Ephemeris (23.60° here), and its ephemeris and rounding to the minute add the rest.
    const longitudes = book.result.context.kala.sidereal_longitudes_deg as Record<string, number>;
    for (const planet of PLANETS) {
      const expected = reference.sidereal_longitudes_deg[planet];
      expect(Math.abs(longitudes[planet] - expected)).toBeLessThan(reference.sidereal_longitudes_deg.tolerance_deg);
      expect(expected - longitudes[planet]).toBeGreaterThan(0);
      expect(expected - longitudes[planet]).toBeLessThan(0.45);
    }
  });

  it('derives the time factors the book uses: Saturday night, second third, Saturn day, Mercury hora, Mars year and month', () => {
    expect(book.derivation).toMatchObject({
      instant_utc: '1981-09-12T20:00:00.000Z',
      astrological_date: '1981-09-12',
      period: 'night',
      third: 2,
      sun_time_method: 'swisseph_rise_trans',
      ayanamsa: 'lahiri',
    });
    // 01:30 IST = 01:08:52 local mean time at 77°13' E; the equation of time (+3.9 min) makes it
    // 01:12:44 apparent time: 3.03 ghatis from apparent midnight.
    expect(book.derivation.equation_of_time_minutes).toBeCloseTo(3.9, 1);
    expect(book.derivation.nata_ghatis).toBeCloseTo(3.03, 2);
    // Sunrise at New Delhi on 12 Sep 1981 about 06:05 IST; the birth is 19 h 25 min later (20th hora).
    expect(book.derivation.elapsed_minutes_since_astrological_sunrise).toBeGreaterThan(1160);
    expect(book.derivation.elapsed_minutes_since_astrological_sunrise).toBeLessThan(1170);
    expect(book.result.context.kala).toMatchObject({ weekday_lord: 'Saturn', hora_lord: 'Mercury', year_lord: 'Mars', month_lord: 'Mars' });
  });

  /**
   * The book's value of each component, mapped onto this endpoint's allocation, with the reason for
   * every difference that can exceed 0.5 virupa.
   */
  function bookComponent(name: string, i: number): number {
    const column = (reference.components as Record<string, number[]>)[name];
    const planet = PLANETS[i];
    // luminary_allocation split_kala_cheshta: the book doubles the Sun's ayana bala (70.08 = 2 × 35.04)
    // and the Moon's paksha bala (108.76 = 2 × 54.38), carrying the luminaries' cheshta bala inside
    // kala (BPHS 27.30: the Sun's cheshta is its ayana bala, the Moon's its paksha bala) and leaving
    // their cheshta column 0. This endpoint reports one share under kala and the other under cheshta.
    if (planet === 'Sun' && name === 'ayana') return column[i] / 2;
    if (planet === 'Sun' && name === 'cheshta') return reference.components.ayana[i] / 2;
    if (planet === 'Moon' && name === 'paksha') return column[i] / 2;
    if (planet === 'Moon' && name === 'cheshta') return reference.components.paksha[i] / 2;
    // Yuddha: Mercury (170°53') and Jupiter (170°45') are 0.13° apart, at war. The book's yuddha
    // column shows 0 but its kala totals carry the war: Mercury's kala total is 0.80 below the sum
    // of its kala columns and Jupiter's 0.80 above. Compare with that implied value.
    if (name === 'yuddha') {
      const kalaColumns = ['natonnata', 'paksha', 'tribhaga', 'abda', 'masa', 'dina', 'hora', 'ayana'] as const;
      const sumOfColumns = kalaColumns.reduce((s, c) => s + reference.components[c][i], 0);
      return reference.family_totals.kala[i] - sumOfColumns;
    }
    return column[i];
  }

  const valueOf = (name: string, i: number): number => {
    const c = ours(i).components_virupa;
    if (name in c.sthana) return c.sthana[name as keyof typeof c.sthana];
    if (name in c.kala) return c.kala[name as keyof typeof c.kala];
    if (name === 'naisargika') return ours(i).family_totals_virupa.naisargika;
    return c[name as 'dig' | 'cheshta' | 'drik'];
  };

  // Remaining differences are all below 0.5 virupa: the ~0.3° ayanamsa offset moves uchcha, dig and
  // ayana by up to 0.31 (Venus's ayana: 15.72 here, 15.41 in the book), the book rounds natonnata to
  // 0.1 (6.1 for 6.06), and the war amount (0.76 here) differs from the book's 0.80 by rounding of
  // the tri-bala sums.
  it.each(Object.keys(reference.components))('matches the book component %s for every planet within 0.5 virupa', (name) => {
    PLANETS.forEach((planet, i) => {
      const difference = Math.abs(valueOf(name, i) - bookComponent(name, i));
      if (difference > 0.5) throw new Error(`${name} of ${planet}: ${valueOf(name, i)} here, ${bookComponent(name, i)} in the book`);
    });
  });

  it('matches every family total and the total within 2 virupa', () => {
    PLANETS.forEach((planet, i) => {
      const f = ours(i).family_totals_virupa;
      const b = reference.family_totals;
      for (const family of ['sthana', 'dig', 'naisargika', 'drik'] as const) expect(Math.abs(f[family] - b[family][i])).toBeLessThan(2);
      if (planet === 'Sun' || planet === 'Moon') {
        // split_kala_cheshta (see above): the luminaries' cheshta share sits in the book's kala.
        expect(Math.abs(f.kala + f.cheshta - (b.kala[i] + b.cheshta[i]))).toBeLessThan(2);
        expect(Math.abs(f.kala - (b.kala[i] - f.cheshta))).toBeLessThan(2);
        expect(b.cheshta[i]).toBe(0);
      } else {
        expect(Math.abs(f.kala - b.kala[i])).toBeLessThan(2);
        expect(Math.abs(f.cheshta - b.cheshta[i])).toBeLessThan(2);
      }
      expect(Math.abs(ours(i).total_virupa - b.total_virupa[i])).toBeLessThan(2);
      expect(Math.abs(ours(i).total_rupa - b.total_rupa[i])).toBeLessThan(0.04);
      expect(ours(i).strength_ratio).toBeCloseTo(ours(i).total_virupa / ours(i).required_virupa, 2);
    });
  });

  it('explains the war and the drik bala it used', () => {
    expect(book.result.yuddha).toMatchObject({
      wars: [expect.objectContaining({ planets: ['Mercury', 'Jupiter'], winner: 'Jupiter', loser: 'Mercury' })],
    });
    expect(book.result.drik).toHaveLength(7);
    expect(book.result.drik[0]).toMatchObject({ planet: 'Sun', drik_virupa: ours(0).components_virupa.drik });
  });
});

describe('Shadbala errors', () => {
  const expectBadRequest = (body: { error: string; code: string; message: string }, field: RegExp) => {
    expect(body).toMatchObject({ error: 'bad_request', code: '400' });
    expect(body.message).toMatch(field);
  };

  it('refuses bad input with a 400 naming the field, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 50 });
    const cases: [unknown, RegExp][] = [
      [{ ...BOOK_BODY, birth_subject: { ...BOOK_BODY.birth_subject, ayanamsa: 'raman' } }, /birth_subject\.ayanamsa: unsupported ayanamsa/],
      [{ ...BOOK_BODY, mercury_natures: { paksha: 'neutral', drik: 'benefic' } }, /mercury_natures\.paksha: must be benefic or malefic/],
      [{ ...BOOK_BODY, mercury_natures: { paksha: 'benefic' } }, /mercury_natures\.drik: is required/],
      [{ birth_subject: BOOK_BODY.birth_subject }, /mercury_natures: is required/],
      [{ ...BOOK_BODY, birth_subject: { ...BOOK_BODY.birth_subject, latitude: 91 } }, /birth_subject\.latitude: must be at most 90/],
      [{ ...BOOK_BODY, birth_subject: { ...BOOK_BODY.birth_subject, time: '25:00' } }, /time: 25:00 is not a clock time/],
      [{ ...BOOK_BODY, birth_subject: { ...BOOK_BODY.birth_subject, date: '1700-01-01' } }, /date: must be between 1800/],
      // No sunrise in the Svalbard winter: kala bala cannot be timed.
      [
        {
          ...BOOK_BODY,
          birth_subject: { ...BOOK_BODY.birth_subject, date: '2020-12-21', latitude: 78.2, longitude: 15.6, timezoneOffsetMinutes: 60 },
        },
        /^latitude: the Sun does not rise/,
      ],
      ['not an object', /body/],
    ];
    for (const [body, field] of cases) {
      const response = await api.http.post(PATH, body, { key: apiKey });
      expect(response.status).toBe(400);
      expectBadRequest(response.body, field);
    }
    expect(await chargesOf(accountId)).toHaveLength(0);
  });

  it('answers 401 without a key', async () => {
    const response = await api.http.post(PATH, BOOK_BODY);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: 'unauthorized', code: '401' });
  });

  it('answers 403 to a Free tier key and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'free', credits: 50 });
    const response = await api.http.post(PATH, BOOK_BODY, { key: apiKey });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: 'forbidden', code: '403' });
    expect(response.body.message).toContain('pro tier');
    expect(await chargesOf(accountId)).toHaveLength(0);
  });

  it('answers 402 when the balance is below the price, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: PRICES.shadbala.credits - 1 });
    const response = await api.http.post(PATH, BOOK_BODY, { key: apiKey });
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ error: 'payment_required', code: '402' });
    expect(await chargesOf(accountId)).toHaveLength(0);
  });

  it('charges the Shadbala price once for a served request', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 20 });
    const response = await api.http.post(PATH, BOOK_BODY, { key: apiKey });
    expect(response.status).toBe(200);
    const charges = await chargesOf(accountId);
    expect(charges.map((c) => c.payload)).toEqual([{ operation: 'shadbala', amount: 5, request_id: response.headers.get('x-request-id') }]);
  });

  it('answers 503 when the ephemeris files cannot be read, and charges nothing', async () => {
    const broken = await startApi(testConfig({ EPHEMERIS_PATH: os.tmpdir() }));
    try {
      const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 50 });
      const response = await broken.http.post(PATH, BOOK_BODY, { key: apiKey });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ error: 'service_unavailable', code: '503' });
      expect(response.body.message).toContain('ephemeris');
      expect(await chargesOf(accountId)).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('lists the four Vedic endpoints with their schemas, tag and price', async () => {
    const doc = (await api.http.get('/docs-json')).body;
    const expected = {
      '/api/v3/vedic/shadbala': ['ShadbalaResponse', 5],
      '/api/v3/vedic/sade-sati': ['SadeSatiResponse', 2],
      '/api/v3/vedic/manglik-dosha': ['ManglikDoshaResponse', 2],
      '/api/v3/vedic/remedies': ['VedicRemediesResponse', 3],
    } as const;
    for (const [path, [schema, credits]] of Object.entries(expected)) {
      const op = doc.paths[path].post;
      expect(op.tags).toEqual(['Vedic']);
      expect(op['x-credits']).toBe(credits);
      expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${schema}` });
      expect(doc.components.schemas[schema]).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/v3/vedic/shadbala'].post.responses)).toEqual(
      expect.arrayContaining(['400', '401', '402', '403', '503']),
    );
  });
});
