import { PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

/**
 * Birth places by name through the real HTTP API: the free search box route, a Vedic natal chart
 * (kundli) whose birth subject names its place, the `birth_places` echo, and the 400s of an
 * ambiguous and an unknown place with nothing charged.
 */
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
const balanceOf = async (apiKey: string) => (await api.http.get('/v1/account', { key: apiKey })).body.credits_balance;

const KUNDLI = '/api/v3/vedic/kundli';
const BIRTH = { date: '1985-11-02', time: '06:45' };

describe('GET /v1/places', () => {
  it('answers the places of a search box, exact name first, with zone and region; free', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 5 });
    const response = await api.http.get('/v1/places?q=chiang&country=th&limit=4', { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ query: 'chiang', country: 'TH', count: 4, attribution: expect.stringContaining('GeoNames') });
    expect(response.body.places.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Chiang Mai', 'Chiang Rai']));
    expect(response.body.places[0]).toEqual({
      geonames_id: 1153671,
      name: 'Chiang Mai',
      admin1: 'Chiang Mai',
      admin1_code: '02',
      country: 'TH',
      country_name: 'Thailand',
      population: expect.any(Number),
      latitude: expect.closeTo(18.79, 2),
      longitude: expect.closeTo(98.98, 2),
      timezone: 'Asia/Bangkok',
      place_display: 'Chiang Mai, Thailand',
    });
    const exact = await api.http.get('/v1/places?q=Paris&limit=3', { key: apiKey });
    expect(exact.body.places[0]).toMatchObject({ name: 'Paris', country: 'FR', timezone: 'Europe/Paris', place_display: 'Paris, France' });
    const thai = await api.http.get(`/v1/places?q=${encodeURIComponent('เชียง')}`, { key: apiKey });
    expect(thai.status).toBe(200);
    expect(thai.body.places.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Chiang Mai', 'Chiang Rai']));
    const springfield = await api.http.get('/v1/places?q=springfield&country=us&limit=20', { key: apiKey });
    expect(springfield.body.places.length).toBeGreaterThan(5);
    expect(springfield.body.places.every((p: { country: string }) => p.country === 'US')).toBe(true);
    expect(await chargesOf(accountId)).toHaveLength(0);
    expect(await balanceOf(apiKey)).toBe(5);
  });

  it.each([
    ['/v1/places', 'q'],
    ['/v1/places?q=', 'q'],
    ['/v1/places?q=Paris&limit=51', 'limit'],
    ['/v1/places?q=Paris&country=FRA', 'country'],
  ])('refuses GET %s naming %s', async (pathAndQuery, field) => {
    const { apiKey } = await createAccount(db, { credits: 1 });
    const response = await api.http.get(pathAndQuery, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'bad_request', message: expect.stringContaining(`${field}:`) });
  });

  it('needs a key or a session, like every rate-limited route, and is in the document as free', async () => {
    expect((await api.http.get('/v1/places?q=Paris')).status).toBe(401);
    const operation = (await api.http.get('/docs-json')).body.paths['/v1/places'].get;
    expect(operation.tags).toEqual(['Places']);
    expect(operation['x-credits']).toBeUndefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  });
});

describe('a birth subject with a place', () => {
  it('computes the kundli of Chiang Mai by name (Latin or Thai) as by its coordinates, and echoes the place', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    const byName = await api.http.post(KUNDLI, { birth_subject: { ...BIRTH, place: 'Chiang Mai' } }, { key: apiKey });
    expect(byName.status).toBe(200);
    expect(byName.body.birth_places).toEqual([
      {
        field: 'birth_subject',
        source: 'place',
        name: 'Chiang Mai',
        admin1: 'Chiang Mai',
        admin1_code: '02',
        country: 'TH',
        country_name: 'Thailand',
        place_display: 'Chiang Mai, Thailand',
        geonames_id: 1153671,
        latitude: expect.closeTo(18.79, 2),
        longitude: expect.closeTo(98.98, 2),
        timezone: 'Asia/Bangkok',
        distance_km: 0,
      },
    ]);
    expect(byName.body.birth_utc_offsets).toEqual([
      expect.objectContaining({ field: 'birth_subject', timezone: 'Asia/Bangkok', utc_offset: '+07:00' }),
    ]);

    const inThai = await api.http.post(KUNDLI, { birth_subject: { ...BIRTH, place: 'เชียงใหม่' } }, { key: apiKey });
    expect(inThai.status).toBe(200);
    expect(inThai.body).toEqual(byName.body);

    const { latitude, longitude } = byName.body.birth_places[0];
    const byCoordinates = await api.http.post(
      KUNDLI,
      { birth_subject: { ...BIRTH, latitude, longitude, timezone: 'Asia/Bangkok' } },
      { key: apiKey },
    );
    expect(byCoordinates.status).toBe(200);
    const { birth_places: coordinatePlaces, ...coordinateAnswer } = byCoordinates.body;
    const { birth_places: _namePlaces, ...nameAnswer } = byName.body;
    expect(coordinateAnswer).toEqual(nameAnswer);
    // coordinates without a place: the place people would name them by
    expect(coordinatePlaces).toEqual([
      expect.objectContaining({ source: 'coordinates', name: 'Chiang Mai', place_display: 'Chiang Mai, Thailand' }),
    ]);
  });

  it('names the nearest place for bare coordinates: Bangkok for the zone.tab point of Asia/Bangkok', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      KUNDLI,
      { birth_subject: { ...BIRTH, latitude: 13.75, longitude: 100.5167, timezoneOffsetMinutes: 420 } },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(response.body.birth_places).toEqual([
      expect.objectContaining({ source: 'coordinates', name: 'Bangkok', country: 'TH', latitude: 13.75, timezone: null }),
    ]);
  });

  it('refuses an ambiguous place with its candidates, and an unknown one, naming the field; nothing charged', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: PRICES.vedic_kundli.credits });
    const ambiguous = await api.http.post(KUNDLI, { birth_subject: { ...BIRTH, place: 'Springfield' } }, { key: apiKey });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toMatch(
      /^invalid body: birth_subject\.place: "Springfield" is ambiguous: \d+ places have that name.*Springfield, IL, United States/,
    );
    expect(ambiguous.body.place_candidates).toEqual([
      {
        field: 'birth_subject.place',
        candidates: expect.arrayContaining([
          expect.objectContaining({
            geonames_id: 4250542,
            name: 'Springfield',
            admin1_code: 'IL',
            country: 'US',
            population: expect.any(Number),
          }),
        ]),
      },
    ]);

    const unknown = await api.http.post(KUNDLI, { birth_subject: { ...BIRTH, place: 'Xqzzyvillebergstadt' } }, { key: apiKey });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^invalid body: birth_subject\.place: no populated place named "Xqzzyvillebergstadt"/);
    expect(unknown.body.place_candidates).toBeUndefined();

    expect(await chargesOf(accountId)).toHaveLength(0);
    expect(await balanceOf(apiKey)).toBe(PRICES.vedic_kundli.credits);

    // the candidate's id picks it
    const picked = await api.http.post(KUNDLI, { birth_subject: { ...BIRTH, place_id: 4250542 } }, { key: apiKey });
    expect(picked.status).toBe(200);
    expect(picked.body.birth_places[0]).toMatchObject({ name: 'Springfield', admin1: 'IL', timezone: 'America/Chicago' });
  });
});
