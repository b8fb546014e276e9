import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

/**
 * Every route family built on the shared birth subject accepts `timezone` (an IANA name) instead
 * of `timezoneOffsetMinutes`: the answer equals the one for the offset the tz database gives.
 * The response says which offset was used (`birth_utc_offsets`).
 * Offsets: Asia/Seoul 1990 +9:00 (no DST after 1988), Europe/London 1941-06 +2:00 (BDST),
 * America/Indiana/Indianapolis 1975 -5:00 (EST all year 1971–2006), Asia/Bangkok 1915 +6:42:04 (BMT).
 */
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

const SEOUL = { date: '1990-05-15', time: '10:30', latitude: 37.57, longitude: 126.98 };
const LONDON = { date: '1941-06-01', time: '12:00', latitude: 51.5, longitude: -0.12 };
const INDIANAPOLIS = { date: '1975-07-04', time: '08:15', latitude: 39.77, longitude: -86.16 };
const BANGKOK = { date: '1915-06-01', time: '09:00', latitude: 13.75, longitude: 100.5 };
// Bangkok 1915 is before the zone's first change of clock: `lmt: "zone"` asks for the tz database's
// own clock, Bangkok Mean Time (the default, the birth longitude's mean time: one-birth-api.test.ts).
const BANGKOK_ZONE = { timezone: 'Asia/Bangkok', lmt: 'zone' };

const cases: Array<[string, string, (tz: boolean) => Record<string, unknown>]> = [
  ['korean (flat)', '/api/v3/korean/saju', (tz) => ({ ...SEOUL, ...(tz ? { timezone: 'Asia/Seoul' } : { timezoneOffsetMinutes: 540 }) })],
  [
    'chinese (flat)',
    '/api/v3/chinese/bazi',
    (tz) => ({
      ...INDIANAPOLIS,
      gender: 'female',
      ...(tz ? { timezone: 'America/Indiana/Indianapolis' } : { timezoneOffsetMinutes: -300 }),
    }),
  ],
  ['vedic (flat)', '/api/v3/vedic/sade-sati', (tz) => ({ ...BANGKOK, ...(tz ? BANGKOK_ZONE : { timezoneOffsetMinutes: 402 + 4 / 60 }) })],
  [
    'western (person_a / person_b)',
    '/api/v3/western/composite-chart',
    (tz) => ({
      person_a: { ...LONDON, ...(tz ? { timezone: 'Europe/London' } : { timezoneOffsetMinutes: 120 }) },
      person_b: { ...SEOUL, ...(tz ? { timezone: 'Asia/Seoul' } : { timezoneOffsetMinutes: 540 }) },
    }),
  ],
  [
    'thai (flat)',
    '/api/v3/thai/maha-thaksa',
    (tz) => ({ ...BANGKOK, as_of: '2025-01-01', ...(tz ? BANGKOK_ZONE : { timezoneOffsetMinutes: 402 + 4 / 60 }) }),
  ],
  [
    'uranian (flat)',
    '/api/v3/uranian/chart',
    (tz) => ({ ...LONDON, ...(tz ? { timezone: 'Europe/London' } : { timezoneOffsetMinutes: 120 }) }),
  ],
  [
    'horoscopes (flat)',
    '/api/v3/horoscopes/personal',
    (tz) => ({
      ...INDIANAPOLIS,
      period: 'daily',
      period_date: '2026-01-01',
      ...(tz ? { timezone: 'America/Indiana/Indianapolis' } : { timezoneOffsetMinutes: -300 }),
    }),
  ],
  [
    'vedic (nested)',
    '/api/v3/vedic/kundli',
    (tz) => ({ birth_subject: { ...BANGKOK, ...(tz ? BANGKOK_ZONE : { timezoneOffsetMinutes: 402 + 4 / 60 }) } }),
  ],
  [
    'western synastry (person_a / person_b)',
    '/api/v3/western/synastry',
    (tz) => ({
      person_a: { ...BANGKOK, ...(tz ? BANGKOK_ZONE : { timezoneOffsetMinutes: 402 + 4 / 60 }) },
      person_b: { ...INDIANAPOLIS, ...(tz ? { timezone: 'America/Indiana/Indianapolis' } : { timezoneOffsetMinutes: -300 }) },
    }),
  ],
  [
    'western transits (nested)',
    '/api/v3/western/transits',
    (tz) => ({
      birth_subject: { ...LONDON, ...(tz ? { timezone: 'Europe/London' } : { timezoneOffsetMinutes: 120 }) },
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    }),
  ],
  [
    'western progressions (nested)',
    '/api/v3/western/progressions',
    (tz) => ({
      birth_subject: { ...INDIANAPOLIS, ...(tz ? { timezone: 'America/Indiana/Indianapolis' } : { timezoneOffsetMinutes: -300 }) },
      target_date: '2026-01-01',
    }),
  ],
  [
    'western returns (nested)',
    '/api/v3/western/returns',
    (tz) => ({
      birth_subject: { ...BANGKOK, ...(tz ? BANGKOK_ZONE : { timezoneOffsetMinutes: 402 + 4 / 60 }) },
      kind: 'solar',
      date: '2026-01-01',
    }),
  ],
];

describe('IANA time zones on every birth subject', () => {
  it.each(cases)('%s: %s with timezone answers as with the offset the tz database gives', async (_family, path, body) => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const withOffset = await api.http.post(path, body(false), { key: apiKey });
    const withZone = await api.http.post(path, body(true), { key: apiKey });
    expect(withOffset.status).toBe(200);
    expect(withZone.status).toBe(200);
    const { birth_utc_offsets: zoneOffsets, birth_places: _zonePlaces, calculation: zoneBasis, ...zoneAnswer } = withZone.body;
    const { birth_utc_offsets: sentOffsets, birth_places: _sentPlaces, calculation: offsetBasis, ...offsetAnswer } = withOffset.body;
    // `calculation` names the zone where one was sent; the rest of it is the same
    expect(zoneBasis && { ...zoneBasis, time_zone: { ...zoneBasis.time_zone, timezone: null } }).toEqual(offsetBasis);
    if (path.endsWith('/returns')) {
      // the one intended difference: a return's local time is read on the zone's clock at the
      // return (Bangkok +07:00 in 2025), not at the birth's offset (+06:42:04 in 1915)
      expect(zoneAnswer.returns[0].local_time).toMatch(/\+07:00$/);
      expect(offsetAnswer.returns[0].local_time).toMatch(/\+06:42:04$/);
      for (const answer of [zoneAnswer, offsetAnswer]) delete answer.returns[0].local_time;
    }
    // the other intended difference: the Chinese and Korean answers say whether the zone's rules
    // found summer time at the birth, which an offset alone cannot tell (none here: same pillars)
    type SummerTimeHolder = { summer_time?: unknown; time_basis?: { summer_time?: unknown } };
    const summerTimeOf = (answer: SummerTimeHolder) => answer.summer_time ?? answer.time_basis?.summer_time;
    if (summerTimeOf(zoneAnswer)) {
      expect(summerTimeOf(zoneAnswer)).toMatchObject({ timezone: expect.any(String), removed_minutes: 0 });
      expect(summerTimeOf(offsetAnswer)).toMatchObject({ timezone: null, removed_minutes: 0 });
      for (const answer of [zoneAnswer, offsetAnswer] as SummerTimeHolder[]) {
        if (answer.summer_time) delete answer.summer_time;
        else delete answer.time_basis!.summer_time;
      }
    }
    expect(zoneAnswer).toEqual(offsetAnswer);
    // the response says which offset was used and where it came from
    expect(zoneOffsets.map((o: { utc_offset_minutes: number }) => o.utc_offset_minutes)).toEqual(
      sentOffsets.map((o: { utc_offset_minutes: number }) => o.utc_offset_minutes),
    );
    for (const o of zoneOffsets) expect(o).toMatchObject({ source: 'timezone', timezone: expect.any(String) });
    for (const o of sentOffsets) expect(o).toMatchObject({ source: 'timezoneOffsetMinutes', timezone: null });
  });

  it('states the historical offsets it used: Bangkok Mean Time 1915, British Double Summer Time 1941, Indianapolis EST 1975', async () => {
    // tzdb (asia, europe, northamerica): "6:42:04 - BMT 1920 Apr"; "Rule GB-Eire 1941 only - May 4 2:00s 2:00 BDST";
    // Indiana "-5:00 - EST 2006" (no daylight saving time 1971–2005)
    const { apiKey } = await createAccount(db, { credits: 100 });
    const response = await api.http.post(
      '/api/v3/western/synastry',
      { person_a: { ...BANGKOK, ...BANGKOK_ZONE }, person_b: { ...LONDON, timezone: 'Europe/London' } },
      { key: apiKey },
    );
    expect(response.body.birth_utc_offsets).toEqual([
      {
        field: 'person_a',
        timezone: 'Asia/Bangkok',
        fold: null,
        utc_offset_minutes: 402.0667,
        utc_offset: '+06:42:04',
        source: 'timezone',
      },
      { field: 'person_b', timezone: 'Europe/London', fold: null, utc_offset_minutes: 120, utc_offset: '+02:00', source: 'timezone' },
    ]);
    const indy = await api.http.post(
      '/api/v3/chinese/bazi',
      { ...INDIANAPOLIS, gender: 'female', timezone: 'America/Indiana/Indianapolis' },
      { key: apiKey },
    );
    expect(indy.body.birth_utc_offsets).toEqual([
      {
        field: '',
        timezone: 'America/Indiana/Indianapolis',
        fold: null,
        utc_offset_minutes: -300,
        utc_offset: '-05:00',
        source: 'timezone',
      },
    ]);
  });

  it('a route served straight from Fastify (serveRoute, no Nest pipeline) takes a birth subject with timezone and answers its offset', async () => {
    // The offsets are resolved and range-checked inside the parse, so every route, the hot ones
    // included, answers `birth_utc_offsets` and `birth_places` alike (serve-route.ts, answer.ts).
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const zone = await api.http.post('/api/v3/uranian/chart', { ...LONDON, timezone: 'Europe/London' }, { key: apiKey });
    const offset = await api.http.post('/api/v3/uranian/chart', { ...LONDON, timezoneOffsetMinutes: 120 }, { key: apiKey });
    expect(zone.status).toBe(200);
    expect(zone.body.birth_utc_offsets).toEqual([
      { field: '', timezone: 'Europe/London', fold: null, utc_offset_minutes: 120, utc_offset: '+02:00', source: 'timezone' },
    ]);
    expect(zone.body.factors).toEqual(offset.body.factors);
    expect(zone.body.calculation.instant_utc).toBe('1941-06-01T10:00:00.000Z');
    expect(await chargesOf(accountId)).toHaveLength(2);
    // outside the ephemeris: refused by the parse, naming the field, nothing charged
    const early = await api.http.post(
      '/api/v3/uranian/chart',
      { ...LONDON, date: '1700-06-01', timezone: 'Europe/London' },
      { key: apiKey },
    );
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      'body.date: must be between 1800-01-01T06:00:00Z and 2399-12-31T23:59:59Z, the range of the ephemeris files',
    );
    expect(await chargesOf(accountId)).toHaveLength(2);
  });

  it('queues a report with a time zone and says which offset it used', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const response = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { birth_subject: { ...LONDON, timezone: 'Europe/London' }, target_year: 2026, name: 'Winston' },
      { key: apiKey },
    );
    expect(response.status).toBe(202);
    expect(response.body.birth_utc_offsets).toEqual([
      { field: 'birth_subject', timezone: 'Europe/London', fold: null, utc_offset_minutes: 120, utc_offset: '+02:00', source: 'timezone' },
    ]);
  });

  it('a wall time in a spring-forward gap is a 400 naming the field and both offsets, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const gap = { date: '2024-03-10', time: '02:30', latitude: 40.7, longitude: -74, timezone: 'America/New_York' };
    const response = await api.http.post(
      '/api/v3/western/composite-chart',
      { person_a: gap, person_b: { ...SEOUL, timezone: 'Asia/Seoul' } },
      { key: apiKey },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('person_a.time');
    expect(response.body.message).toContain('does not exist in America/New_York');
    expect(response.body.message).toMatch(/-05:00.*-04:00/);
    expect(await chargesOf(accountId)).toEqual([]);
  });

  it('a disagreeing offset is a 400 naming timezoneOffsetMinutes, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const response = await api.http.post(
      '/api/v3/korean/saju',
      { ...SEOUL, timezone: 'Asia/Seoul', timezoneOffsetMinutes: 480 },
      { key: apiKey },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('timezoneOffsetMinutes');
    expect(response.body.message).toContain('disagrees with timezone Asia/Seoul');
    expect(await chargesOf(accountId)).toEqual([]);
  });

  it('fold chooses between the two readings of a fall-back hour', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const ambiguous = { date: '2024-11-03', time: '01:30', latitude: 40.7, longitude: -74, timezone: 'America/New_York' };
    const earlier = await api.http.post('/api/v3/vedic/sade-sati', ambiguous, { key: apiKey });
    const earlierByOffset = await api.http.post(
      '/api/v3/vedic/sade-sati',
      { ...ambiguous, timezone: undefined, timezoneOffsetMinutes: -240 },
      { key: apiKey },
    );
    const later = await api.http.post('/api/v3/vedic/sade-sati', { ...ambiguous, fold: 1 }, { key: apiKey });
    const laterByOffset = await api.http.post(
      '/api/v3/vedic/sade-sati',
      { ...ambiguous, timezone: undefined, timezoneOffsetMinutes: -300 },
      { key: apiKey },
    );
    expect([earlier.status, later.status]).toEqual([200, 200]);
    const answer = (body: Record<string, unknown>) => ({
      ...body,
      birth_utc_offsets: undefined,
      birth_places: undefined,
      calculation: undefined,
    });
    expect(answer(earlier.body)).toEqual(answer(earlierByOffset.body));
    expect(answer(later.body)).toEqual(answer(laterByOffset.body));
    expect(earlier.body.birth_utc_offsets[0]).toMatchObject({ fold: null, utc_offset: '-04:00' });
    expect(later.body.birth_utc_offsets[0]).toMatchObject({ fold: 1, utc_offset: '-05:00' });
  });
});
