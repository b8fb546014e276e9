import { CompositeChartResponse, NatalChartResponse } from '@astro/contracts';
import { Database } from '@astro/database';
import { bodyAt, julianDayUt, signedArc } from '@astro/ephemeris';
import { readStream } from '@astro/ledger';
import { ASPECTS } from '@astro/western';
import { withoutBirthOffsets } from './support/birth-offsets';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const natal = { birth_datetime: '1990-06-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 };
const personA = { date: '1985-03-10', time: '06:45', latitude: 51.5074, longitude: -0.1278, timezoneOffsetMinutes: 0 };
const personB = { date: '1987-09-22', time: '21:10', latitude: 48.8566, longitude: 2.3522, timezoneOffsetMinutes: 120 };

describe('POST /v1/natal-chart', () => {
  it.each(['P', 'K', 'W', 'E'])('answers a chart in the documented shape for house system %s, charging 2 credits', async (house_system) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/v1/natal-chart', { ...natal, house_system }, { key: apiKey });
    expect(response.status).toBe(200);
    const body = NatalChartResponse.parse(response.body);
    expect(body).toMatchObject({
      system: 'western',
      zodiac: 'tropical',
      house_system,
      instant_utc: '1990-06-15T07:30:00.000Z',
      interpretation: null,
      warnings: [],
    });
    expect(body.chart.planets.map((p) => p.name)).toContain('Chiron');
    if (house_system === 'W') for (const h of body.chart.houses) expect(h.cusp % 30).toBeCloseTo(0, 6);
    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges.map((e) => e.payload.amount)).toEqual([2]);
  });

  it('answers a polar birth with Porphyry houses and a warning, not an error', async () => {
    const { apiKey } = await createAccount(db);
    const response = await api.http.post(
      '/v1/natal-chart',
      { birth_datetime: '1995-12-21T12:00:00+01:00', latitude: 78.22, longitude: 15.65, house_system: 'P' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(response.body.house_system).toBe('O');
    expect(response.body.warnings).toEqual([expect.stringContaining('Placidus houses are undefined at latitude 78.22')]);
  });

  it('interprets in Thai with the voice controls and falls back to English with a warning', async () => {
    const { apiKey } = await createAccount(db);
    const thai = await api.http.post(
      '/v1/natal-chart',
      {
        ...natal,
        interpret: true,
        language: 'th',
        brand_name: 'Siam Stars',
        tone: 'mystical',
        audience: 'employee',
        safety_mode: 'workplace',
      },
      { key: apiKey },
    );
    expect(thai.status).toBe(200);
    const body = NatalChartResponse.parse(thai.body);
    expect(body.interpretation).toMatchObject({
      language: 'th',
      brand_name: 'Siam Stars',
      voice: { tone: 'mystical', audience: 'employee', safety_mode: 'workplace' },
    });
    expect(body.interpretation!.summary).toContain('ท้องฟ้า');
    expect(body.interpretation!.disclaimer).toContain('ห้ามใช้ในการประเมิน');
    const german = await api.http.post('/v1/natal-chart', { ...natal, interpret: true, language: 'de' }, { key: apiKey });
    expect(german.body.interpretation.language).toBe('en');
    expect(german.body.warnings).toEqual([expect.stringContaining('language "de" is not available')]);
  });

  it.each([
    [{ latitude: 91 }, 'latitude: must be at most 90'],
    [{ longitude: -181 }, 'longitude: must be at least -180'],
    [{ birth_datetime: '1990-06-15T14:30:00' }, 'birth_datetime: must be an ISO 8601 date-time'],
    [{ birth_datetime: '1700-06-15T14:30:00Z' }, 'birth_datetime: must be between 1800-01-01T06:00:00Z'],
    [{ house_system: 'X' }, 'house_system'],
    [{ brand_name: 'x'.repeat(61) }, 'brand_name'],
    [{ brand_name: '' }, 'brand_name'],
    [{ tone: 'angry' }, 'tone'],
    [{ audience: 'boss' }, 'audience'],
    [{ safety_mode: 'none' }, 'safety_mode'],
    [{ interpret: 'yes' }, 'interpret'],
    [{ colour: 'red' }, 'colour: unknown field'],
  ])('refuses %j with a 400 naming the field, and charges nothing', async (change, message) => {
    const { accountId, apiKey } = await createAccount(db);
    const response = await api.http.post('/v1/natal-chart', { ...natal, ...change }, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'bad_request', code: '400' });
    expect(response.body.message).toContain(message);
    expect((await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(0);
  });
});

describe('POST /api/v3/western/composite-chart', () => {
  it('answers the midpoint composite, cross aspects and 30 days of transits in the spec shape', async () => {
    const { apiKey } = await createAccount(db);
    // The transits start on the UTC day of the request: the day it was sent, or the next one if it answered after midnight.
    const sentOn = new Date().toISOString().slice(0, 10);
    const response = await api.http.post(
      '/api/v3/western/composite-chart',
      { person_a: personA, person_b: personB, house_system: 'P', locale: 'th' },
      { key: apiKey },
    );
    const answeredOn = new Date().toISOString().slice(0, 10);
    expect(response.status).toBe(200);
    const body = CompositeChartResponse.parse(withoutBirthOffsets(response.body));
    expect(Object.keys(response.body)).toEqual([
      'system',
      'locale',
      'labels',
      'house_system',
      'chart',
      'cross_aspects',
      'days',
      'image',
      'calculation',
      'birth_utc_offsets',
      'birth_places',
    ]);
    expect(body).toMatchObject({ system: 'western', locale: 'th', house_system: 'P' });
    expect(body.labels.signs.Aries).toBe('ราศีเมษ');

    // Each composite body sits on the shorter-arc midpoint of the two natal positions.
    const natalA = (
      await api.http.post(
        '/v1/natal-chart',
        { birth_datetime: '1985-03-10T06:45:00Z', latitude: personA.latitude, longitude: personA.longitude },
        { key: apiKey },
      )
    ).body;
    const natalB = (
      await api.http.post(
        '/v1/natal-chart',
        { birth_datetime: '1987-09-22T21:10:00+02:00', latitude: personB.latitude, longitude: personB.longitude },
        { key: apiKey },
      )
    ).body;
    for (const p of body.chart.planets) {
      const a = natalA.chart.planets.find((x: { name: string }) => x.name === p.name).longitude;
      const b = natalB.chart.planets.find((x: { name: string }) => x.name === p.name).longitude;
      expect(Math.abs(signedArc(p.longitude, a))).toBeCloseTo(Math.abs(signedArc(p.longitude, b)), 4);
      expect(Math.abs(signedArc(p.longitude, a))).toBeLessThanOrEqual(90);
    }
    expect(body.cross_aspects.length).toBeGreaterThan(0);

    expect(body.days).toHaveLength(30);
    expect([sentOn, answeredOn]).toContain(body.days[0].date);
    // Every reported perfection is real: at that instant the transiting body makes the aspect exactly.
    const points = [
      ...body.chart.planets,
      { name: 'Ascendant', longitude: body.chart.angles.ascendant },
      { name: 'Midheaven', longitude: body.chart.angles.midheaven },
    ];
    const exact = body.days.flatMap((d) => d.transits).filter((t) => t.exact_utc !== null);
    for (const t of exact) {
      const point = points.find((p) => p.name === t.composite_point)!;
      const angle = ASPECTS.find((a) => a.type === t.aspect)!.angle;
      const lon = bodyAt(julianDayUt(new Date(t.exact_utc!)), t.transiting as 'Sun', api.config.ephemerisPath).longitude;
      expect(Math.abs(Math.abs(signedArc(lon, point.longitude)) - angle)).toBeLessThan(1e-4);
    }
    for (const t of body.days.flatMap((d) => d.transits)) expect(t.orb).toBeLessThanOrEqual(1);
  });

  it('labels in English for an unknown locale and says so; refuses ayanamsa in this shape', async () => {
    const { apiKey } = await createAccount(db);
    const response = await api.http.post(
      '/api/v3/western/composite-chart',
      { person_a: personA, person_b: personB, locale: 'fr' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(response.body.labels.signs.Aries).toBe('Aries');
    expect(response.body.chart.warnings).toEqual([expect.stringContaining('language "fr" is not available')]);
    const withAyanamsa = await api.http.post(
      '/api/v3/western/composite-chart',
      { person_a: { ...personA, ayanamsa: 'lahiri' }, person_b: personB },
      { key: apiKey },
    );
    expect(withAyanamsa.status).toBe(400);
    expect(withAyanamsa.body.message).toContain('person_a.ayanamsa: unknown field');
  });

  it.each([
    [{ person_a: { ...personA, latitude: -95 } }, 'person_a.latitude: must be at least -90'],
    [{ person_b: { ...personB, timezoneOffsetMinutes: 900 } }, 'person_b.timezoneOffsetMinutes: must be at most 840'],
    [{ person_a: { ...personA, date: '1985-02-30' } }, 'person_a.date: must be a real calendar date'],
    [{ person_b: { ...personB, time: '9:10' } }, 'person_b.time'],
    [{ person_b: undefined }, 'person_b: is required'],
    [{ locale: 'x' }, 'locale'],
  ])('refuses %j with a 400 naming the field', async (change, message) => {
    const { apiKey } = await createAccount(db);
    const response = await api.http.post(
      '/api/v3/western/composite-chart',
      { person_a: personA, person_b: personB, ...change },
      { key: apiKey },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });
});
