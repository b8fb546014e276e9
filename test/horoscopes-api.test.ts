import { Client, Connection } from '@temporalio/client';
import { payloadCodec } from '@astro/codec';
import { HoroscopeRange, PersonalHoroscope, PRICES, PublishedHoroscope } from '@astro/contracts';
import { Database } from '@astro/database';
import {
  ensurePublishingSchedule,
  horoscopePublicationsProjection,
  PUBLISHING_SCHEDULE_ID,
  streamIdOf,
  upcomingPeriods,
} from '@astro/horoscopes';
import { diffProjections, readStream, rebuildProjections } from '@astro/ledger';
import { workplaceOffences } from '@astro/text';
import { publishHoroscopesWorkflow } from '@astro/workflows';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, startApi, startWorker, testConfig, TestApi } from './support/harness';

let db: Database;
let api: TestApi;
let replica: TestApi;

useTestPlatform(async (p) => {
  ({ db, api } = p);
  replica = await startApi();
});
afterAll(() => replica.close());

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

describe('GET /api/v3/horoscopes/{sign}/{period}', () => {
  it('serves one published text to every caller all period long, and charges horoscope_published', async () => {
    const first = await createAccount(db, { credits: 10 });
    const second = await createAccount(db, { credits: 10 });
    const a = await api.http.get('/api/v3/horoscopes/aries/weekly?date=2031-03-05&locale=en', { key: first.apiKey });
    expect(a.status).toBe(200);
    expect(PublishedHoroscope.safeParse(a.body).error?.issues ?? []).toEqual([]);
    expect(a.body).toMatchObject({
      sign: 'Aries',
      period: 'weekly',
      period_start: '2031-03-03',
      period_end: '2031-03-09',
      tone: 'professional',
      safety_mode: 'default',
    });
    expect(a.body.transits.length).toBeGreaterThan(0);
    // another caller, another day of the same week, another replica: the same text
    const b = await replica.http.get('/api/v3/horoscopes/aries/weekly?date=2031-03-09', { key: second.apiKey });
    expect(b.body).toEqual(a.body);
    expect((await chargesOf(first.accountId)).map((c) => c.payload)).toEqual([
      { operation: 'horoscope_published', amount: PRICES.horoscope_published.credits, request_id: a.headers.get('x-request-id') },
    ]);
    const stream = await readStream(db, 'horoscope:aries:weekly:2031-03-03:en:professional.default');
    expect(stream.map((e) => e.type)).toEqual(['HoroscopePublished']);
  });

  it('publishes once when many first requests arrive at once on two replicas', async () => {
    const { apiKey } = await createAccount(db, { credits: 50 });
    const path = '/api/v3/horoscopes/leo/monthly?date=2033-07-19&locale=th&tone=mystical';
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? replica : api).http.get(path, { key: apiKey })));
    expect(responses.map((r) => r.status)).toEqual(new Array(12).fill(200));
    const texts = new Set(responses.map((r) => JSON.stringify(r.body)));
    expect(texts.size).toBe(1);
    expect(responses[0].body.text).toMatch(/[\u0E00-\u0E7F]/);
    const stream = await readStream(
      db,
      streamIdOf({
        sign: 'Leo',
        period: 'monthly',
        periodStart: '2033-07-01',
        locale: 'th',
        voice: { tone: 'mystical', safety_mode: 'default' },
      }),
    );
    expect(stream).toHaveLength(1);
    const rows = await db.query(
      `SELECT count(*)::int AS n FROM horoscope_publications WHERE sign = 'Leo' AND period = 'monthly' AND period_start = '2033-07-01'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('a bad sign, period or tone is a 400 naming the field and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const sign = await api.http.get('/api/v3/horoscopes/ophiuchus/daily', { key: apiKey });
    expect(sign.status).toBe(400);
    expect(sign.body.message).toMatch(/sign:/);
    const period = await api.http.get('/api/v3/horoscopes/leo/hourly', { key: apiKey });
    expect(period.status).toBe(400);
    expect(period.body.message).toMatch(/period:/);
    const tone = await api.http.get('/api/v3/horoscopes/leo/daily?tone=angry', { key: apiKey });
    expect(tone.status).toBe(400);
    expect(tone.body.message).toMatch(/tone:/);
    expect(await chargesOf(accountId)).toEqual([]);
  });
});

describe('safety_mode workplace', () => {
  it('words the themes of romance, health and intimacy for a team, in the published and the personal horoscope', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    // Leo, the week of 3 March 2031: the Sun in Pisces crosses Leo's solar 8th house.
    const week = '/api/v3/horoscopes/leo/weekly?date=2031-03-05';
    const personal = await api.http.get(week, { key: apiKey });
    const team = await api.http.get(`${week}&safety_mode=workplace`, { key: apiKey });
    expect([personal.status, team.status]).toEqual([200, 200]);
    expect(personal.body.text).toContain('8th house of shared resources and intimacy');
    expect(team.body).toMatchObject({ safety_mode: 'workplace' });
    expect(team.body.text).toContain('8th house of shared resources and joint commitments');
    expect(workplaceOffences([{ path: 'published', text: team.body.text }], 'en')).toEqual([]);

    const natal = { date: '1990-05-14', time: '10:15', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420, period: 'monthly' };
    for (const locale of ['en', 'th'] as const) {
      const written = await api.http.post('/api/v3/horoscopes/personal', { ...natal, locale, safety_mode: 'workplace' }, { key: apiKey });
      expect(written.status).toBe(200);
      expect(workplaceOffences([{ path: 'personal', text: written.body.text }], locale)).toEqual([]);
    }
  });
});

describe('GET /api/v3/horoscopes/{sign}', () => {
  it('answers the daily texts of a range and refuses more than 31 days without charging', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const range = await api.http.get('/api/v3/horoscopes/pisces?from=2030-02-27&to=2030-03-01', { key: apiKey });
    expect(range.status).toBe(200);
    expect(HoroscopeRange.safeParse(range.body).success).toBe(true);
    expect(range.body.days.map((d: PublishedHoroscope) => d.period_start)).toEqual(['2030-02-27', '2030-02-28', '2030-03-01']);
    const single = await api.http.get('/api/v3/horoscopes/pisces/daily?date=2030-02-28', { key: apiKey });
    // the single day says how it was computed; the range says it once, for its first day
    const { calculation, ...singleDay } = single.body;
    expect(singleDay).toEqual(range.body.days[1]);
    expect(calculation).toMatchObject({ zodiac: 'tropical', instant_utc: '2030-02-28T12:00:00.000Z' });
    const tooLong = await api.http.get('/api/v3/horoscopes/pisces?from=2030-01-01&to=2030-02-01', { key: apiKey });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/to: the range is at most 31 days/);
    expect((await chargesOf(accountId)).map((c) => c.payload.operation)).toEqual(['horoscope_range', 'horoscope_published']);
  });
});

describe('POST /api/v3/horoscopes/personal', () => {
  it('writes a natal horoscope for the period; a bad period is a 400 and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const subject = { date: '1990-05-14', time: '10:15', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
    const response = await api.http.post(
      '/api/v3/horoscopes/personal',
      { ...subject, name: 'Ploy', period: 'yearly', period_date: '2027-06-01', locale: 'th' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(PersonalHoroscope.safeParse(response.body).error?.issues ?? []).toEqual([]);
    expect(response.body).toMatchObject({ period: 'yearly', period_start: '2027-01-01', period_end: '2027-12-31', sun_sign: 'Taurus' });
    expect(response.body.text).toMatch(/[\u0E00-\u0E7F]/);
    const rejected = await api.http.post('/api/v3/horoscopes/personal', { ...subject, period: 'hourly' }, { key: apiKey });
    expect(rejected.status).toBe(400);
    expect(rejected.body.message).toMatch(/period:/);
    expect((await chargesOf(accountId)).map((c) => c.payload.operation)).toEqual(['horoscope_personal']);
  });
});

describe('texts from the real sky, dated as the reader writes dates', () => {
  it('reads the total lunar eclipse of 3 March 2026 on its day and in the days around it, in the sign’s solar house', async () => {
    const { apiKey } = await createAccount(db, { credits: 20 });
    const day = await api.http.get('/api/v3/horoscopes/pisces/daily?date=2026-03-03', { key: apiKey });
    expect(day.status).toBe(200);
    expect(PublishedHoroscope.safeParse(day.body).error?.issues ?? []).toEqual([]);
    expect(day.body.title).toBe('Pisces: your horoscope for Tuesday 3 March 2026');
    expect(day.body.events).toEqual([
      {
        kind: 'lunar_eclipse',
        body: null,
        eclipse: 'total',
        utc: expect.stringMatching(/^2026-03-03T11:33/),
        sign: 'Virgo',
        longitude: expect.any(Number),
        house: 7,
      },
    ]);
    for (const told of ['total lunar eclipse', '11:33 UTC', 'solar 7th house']) expect(day.body.text).toContain(told);
    const thai = await api.http.get('/api/v3/horoscopes/pisces/daily?date=2026-03-03&locale=th', { key: apiKey });
    expect(thai.body.title).toBe('ราศีมีน: ดวงประจำวันอังคารที่ 3 มีนาคม พ.ศ. 2569');
    expect(thai.body.text).toMatch(/จันทรุปราคาเต็มดวง/);
    expect(`${thai.body.title} ${thai.body.text}`).not.toMatch(/\d{4}-\d{2}-\d{2}|\b2026\b/);
    // the range of the days around it: every day reads the eclipse, no two days share a sentence
    const range = await api.http.get('/api/v3/horoscopes/pisces?from=2026-02-28&to=2026-03-06', { key: apiKey });
    expect(range.status).toBe(200);
    const days: PublishedHoroscope[] = range.body.days;
    expect(days.map((d) => d.text.includes('total lunar eclipse'))).toEqual(new Array(7).fill(true));
    const sentences = (text: string) => text.split(/(?<=[.!?])\s+/);
    for (let i = 1; i < days.length; i++)
      expect(sentences(days[i].text).filter((x) => sentences(days[i - 1].text).includes(x))).toEqual([]);
    const month = await api.http.get('/api/v3/horoscopes/pisces/monthly?date=2026-03-15', { key: apiKey });
    expect(month.body.title).toBe('Pisces: your horoscope for March 2026');
    expect(month.body.events.map((e: { kind: string }) => e.kind)).toContain('lunar_eclipse');
  });
});

describe('the read model', () => {
  it('is exactly the fold of the HoroscopePublished events, and a rebuild reproduces it', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    expect((await api.http.get('/api/v3/horoscopes/virgo/yearly?date=2035-02-02&locale=th', { key: apiKey })).status).toBe(200);
    expect(await diffProjections(db, [horoscopePublicationsProjection])).toEqual([]);
    const before = await db.query(`SELECT count(*)::int AS n FROM horoscope_publications`);
    await rebuildProjections(db, [horoscopePublicationsProjection]);
    expect(await db.query(`SELECT count(*)::int AS n FROM horoscope_publications`)).toEqual(before);
    expect(await diffProjections(db, [horoscopePublicationsProjection])).toEqual([]);
  });
});

describe('the horoscope-publishing schedule', () => {
  it('is created once and publishes the next day for the 12 signs in en and th ahead of time', async () => {
    const config = testConfig();
    const connection = await Connection.connect({ address: config.temporal.address });
    const client = new Client({
      connection,
      namespace: config.temporal.namespace,
      dataConverter: { payloadCodecs: [payloadCodec(config)] },
    });
    const worker = await startWorker(config, db);
    try {
      const target = { taskQueue: config.temporal.taskQueue, workflow: publishHoroscopesWorkflow };
      expect(await ensurePublishingSchedule(client, target)).toBe('created');
      expect(await ensurePublishingSchedule(client, target)).toBe('exists');
      const handle = client.schedule.getHandle(PUBLISHING_SCHEDULE_ID);
      await handle.trigger();
      // The run the trigger started; it publishes the days after the day of its own start, whatever the date is now.
      const workflowId = await eventually(
        async () => (await handle.describe()).info.recentActions[0]?.action.workflow.workflowId,
        30_000,
        'the run the trigger started',
      );
      const run = client.workflow.getHandle(workflowId);
      const outcome = await run.result();
      const firedAt = (await run.describe()).startTime;
      expect(outcome.published + outcome.already).toBe(upcomingPeriods(firedAt).length * 12 * 2);
      const tomorrow = new Date(firedAt.getTime() + 86_400_000).toISOString().slice(0, 10);
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM horoscope_publications WHERE period = 'daily' AND period_start = $1 AND voice = 'professional.default'`,
        [tomorrow],
      );
      expect(rows[0].n).toBe(24);
      await handle.delete();
    } finally {
      await worker.stop();
      await connection.close();
    }
  }, 180_000);
});
