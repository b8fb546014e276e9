import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

/**
 * Every route family built on the shared birth subject accepts `timezone` (an IANA name) instead
 * of `timezoneOffsetMinutes`: the answer equals the one for the offset the tz database gives.
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

const cases: Array<[string, string, (tz: boolean) => Record<string, unknown>]> = [
  ['korean (flat)', '/api/v3/korean/saju', (tz) => ({ ...SEOUL, ...(tz ? { timezone: 'Asia/Seoul' } : { timezoneOffsetMinutes: 540 }) })],
  ['chinese (flat)', '/api/v3/chinese/bazi', (tz) => ({ ...INDIANAPOLIS, gender: 'female', ...(tz ? { timezone: 'America/Indiana/Indianapolis' } : { timezoneOffsetMinutes: -300 }) })],
  ['vedic (flat)', '/api/v3/vedic/sade-sati', (tz) => ({ ...BANGKOK, ...(tz ? { timezone: 'Asia/Bangkok' } : { timezoneOffsetMinutes: 402 + 4 / 60 }) })],
  [
    'western (person_a / person_b)',
    '/api/v3/western/composite-chart',
    (tz) => ({
      person_a: { ...LONDON, ...(tz ? { timezone: 'Europe/London' } : { timezoneOffsetMinutes: 120 }) },
      person_b: { ...SEOUL, ...(tz ? { timezone: 'Asia/Seoul' } : { timezoneOffsetMinutes: 540 }) },
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
    expect(withZone.body).toEqual(withOffset.body);
  });

  it('a wall time in a spring-forward gap is a 400 naming the field and both offsets, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const gap = { date: '2024-03-10', time: '02:30', latitude: 40.7, longitude: -74, timezone: 'America/New_York' };
    const response = await api.http.post('/api/v3/western/composite-chart', { person_a: gap, person_b: { ...SEOUL, timezone: 'Asia/Seoul' } }, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('person_a.time');
    expect(response.body.message).toContain('does not exist in America/New_York');
    expect(response.body.message).toMatch(/-05:00.*-04:00/);
    expect(await chargesOf(accountId)).toEqual([]);
  });

  it('a disagreeing offset is a 400 naming timezoneOffsetMinutes, and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const response = await api.http.post('/api/v3/korean/saju', { ...SEOUL, timezone: 'Asia/Seoul', timezoneOffsetMinutes: 480 }, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('timezoneOffsetMinutes');
    expect(response.body.message).toContain('disagrees with timezone Asia/Seoul');
    expect(await chargesOf(accountId)).toEqual([]);
  });

  it('fold chooses between the two readings of a fall-back hour', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const ambiguous = { date: '2024-11-03', time: '01:30', latitude: 40.7, longitude: -74, timezone: 'America/New_York' };
    const earlier = await api.http.post('/api/v3/vedic/sade-sati', ambiguous, { key: apiKey });
    const earlierByOffset = await api.http.post('/api/v3/vedic/sade-sati', { ...ambiguous, timezone: undefined, timezoneOffsetMinutes: -240 }, { key: apiKey });
    const later = await api.http.post('/api/v3/vedic/sade-sati', { ...ambiguous, fold: 1 }, { key: apiKey });
    const laterByOffset = await api.http.post('/api/v3/vedic/sade-sati', { ...ambiguous, timezone: undefined, timezoneOffsetMinutes: -300 }, { key: apiKey });
    expect([earlier.status, later.status]).toEqual([200, 200]);
    expect(earlier.body).toEqual(earlierByOffset.body);
    expect(later.body).toEqual(laterByOffset.body);
  });
});
