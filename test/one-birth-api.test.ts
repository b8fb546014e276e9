import { readFileSync } from 'node:fs';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

/**
 * One birth through the real HTTP API. The clocks of the tz database with backzone, as `zdump -v`
 * prints them on Debian (tzdata 2025b): Amsterdam 1930-06-01 +1:19:32 (NST), Copenhagen
 * 1947-06-01 +2:00, Oslo 1959-06-01 +2:00, Reykjavik 1960-01-15 -1:00, Vientiane 1950-06-01 +8:00.
 * Chiang Mai (GeoNames 1153671, 98.98468°E) in 1900 keeps its own mean time, 98.98468 × 240 s =
 * +6:35:56; `lmt: "zone"` gives the tz database's LMT of Bangkok, +6:42:04.
 */
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
const TZDATA_VERSION = /^# version (\S+)/.exec(readFileSync('/usr/share/zoneinfo/tzdata.zi', 'utf8'))![1];

describe('POST /api/v3/vedic/dasha: births before 1970 in zones the tz database merged', () => {
  it.each([
    ['Amsterdam', 'Europe/Amsterdam', '1930-06-01', '+01:19:32', '1930-06-01T10:40:28.000Z'],
    ['Copenhagen', 'Europe/Copenhagen', '1947-06-01', '+02:00', '1947-06-01T10:00:00.000Z'],
    ['Oslo', 'Europe/Oslo', '1959-06-01', '+02:00', '1959-06-01T10:00:00.000Z'],
    ['Reykjavik', 'Atlantic/Reykjavik', '1960-01-15', '-01:00', '1960-01-15T13:00:00.000Z'],
    ['Vientiane', 'Asia/Vientiane', '1950-06-01', '+08:00', '1950-06-01T04:00:00.000Z'],
  ])('%s (%s) %s 12:00 is %s, by place and by zone alike', async (place, zone, date, offset, instant) => {
    const { apiKey } = await createAccount(db);
    const at = '2026-01-01T00:00:00Z';
    const byPlace = await api.http.post('/api/v3/vedic/dasha', { birth_subject: { date, time: '12:00', place }, at }, { key: apiKey });
    expect(byPlace.status).toBe(200);
    expect(byPlace.body.birth_utc_offsets).toEqual([
      expect.objectContaining({ field: 'birth_subject', timezone: zone, utc_offset: offset, source: 'timezone' }),
    ]);
    expect(byPlace.body.calculation).toMatchObject({ instant_utc: instant, time_zone_database: TZDATA_VERSION });
    const { latitude, longitude } = byPlace.body.birth_places[0];
    const byZone = await api.http.post(
      '/api/v3/vedic/dasha',
      { birth_subject: { date, time: '12:00', latitude, longitude, timezone: zone }, at },
      { key: apiKey },
    );
    expect(byZone.status).toBe(200);
    expect(byZone.body.balance_at_birth).toEqual(byPlace.body.balance_at_birth);
    expect(byZone.body.calculation.instant_utc).toBe(instant);
  });
});

describe('local mean time: Chiang Mai 1900-01-01 12:00', () => {
  const chiangMai = { date: '1900-01-01', time: '12:00', place: 'Chiang Mai' };

  it('is +6:35:56 (its own longitude) by default and +6:42:04 (Bangkok, the zone) with lmt: zone', async () => {
    const { apiKey } = await createAccount(db);
    const own = await api.http.post('/api/v3/vedic/kundli', { birth_subject: chiangMai }, { key: apiKey });
    expect(own.status).toBe(200);
    expect(own.body.birth_utc_offsets[0]).toMatchObject({ timezone: 'Asia/Bangkok', utc_offset: '+06:35:56', source: 'local_mean_time' });
    expect(own.body.calculation.instant_utc).toBe('1900-01-01T05:24:04.000Z');
    const zone = await api.http.post('/api/v3/vedic/kundli', { birth_subject: { ...chiangMai, lmt: 'zone' } }, { key: apiKey });
    expect(zone.status).toBe(200);
    expect(zone.body.birth_utc_offsets[0]).toMatchObject({ utc_offset: '+06:42:04', source: 'timezone' });
    expect(zone.body.calculation.instant_utc).toBe('1900-01-01T05:17:56.000Z');
  });
});

describe('POST /v1/natal-chart takes every birth form', () => {
  it('gives the same chart for a place, for coordinates with a zone, and for birth_datetime with the place', async () => {
    const { apiKey } = await createAccount(db);
    const byPlace = await api.http.post('/v1/natal-chart', { date: '1990-06-15', time: '14:30', place: 'Chiang Mai' }, { key: apiKey });
    expect(byPlace.status).toBe(200);
    expect(byPlace.body.birth_places[0]).toMatchObject({ name: 'Chiang Mai', source: 'place', timezone: 'Asia/Bangkok' });
    expect(byPlace.body.birth_utc_offsets[0]).toMatchObject({ utc_offset: '+07:00', source: 'timezone' });
    const { latitude, longitude } = byPlace.body.birth_places[0];
    const byCoordinates = await api.http.post(
      '/v1/natal-chart',
      { date: '1990-06-15', time: '14:30', latitude, longitude, timezone: 'Asia/Bangkok' },
      { key: apiKey },
    );
    const byInstant = await api.http.post(
      '/v1/natal-chart',
      { birth_datetime: '1990-06-15T14:30:00+07:00', place: 'Chiang Mai' },
      { key: apiKey },
    );
    for (const other of [byCoordinates, byInstant]) {
      expect(other.status).toBe(200);
      expect(other.body.chart).toEqual(byPlace.body.chart);
      expect(other.body.instant_utc).toBe('1990-06-15T07:30:00.000Z');
    }
  });

  it('refuses birth_datetime beside date and time with a 400 naming it, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db);
    const response = await api.http.post(
      '/v1/natal-chart',
      { birth_datetime: '1990-06-15T14:30:00+07:00', date: '1990-06-15', time: '14:30', place: 'Chiang Mai' },
      { key: apiKey },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('birth_datetime: carries the date, time and offset');
    expect(await chargesOf(accountId)).toHaveLength(0);
  });
});
