import { JobRecord, PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import type { FourPillarsDocument } from '@astro/rendering';
import { MEAN_YEAR_MS } from '@astro/saju';
import { TestPlatform } from './support/fixture';
import { createAccount, TestApi } from './support/harness';
import {
  expectRefundedOnce,
  expectRefusedUncharged,
  fetchArtifact,
  FAIL_RENDER,
  finishedJob,
  LOGO_COLOUR,
  testBranding,
  LogoServer,
  useReportPlatform,
} from './support/report-jobs';
import { pdfTextInOrder, pixelsOfColour } from './support/pdf';

/**
 * The Korean Saju and Chinese BaZi reports through the real API, Temporal, the worker and Chromium:
 * queued with a key and with a session, replayed, charged, refunded when rendering fails, and
 * delivered as PDF, hosted page and JSON document; every pillar, luck age and year they print is
 * the one the calculation routes (POST /api/v3/korean/saju, POST /api/v3/chinese/bazi) answer.
 */
let platform: TestPlatform;
let db: Database;
let api: TestApi;
let logos: LogoServer;

const SAJU = '/api/v3/reports/saju/pdf';
const BAZI = '/api/v3/reports/bazi/pdf';
const AS_OF = '2026-03-10';
const THAI = /[\u0E00-\u0E7F]{4,}/;
const ploy = { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' };
const body = (extra: Record<string, unknown> = {}) => ({
  birth_subject: ploy,
  name: 'Ploy Srisuk',
  gender: 'female',
  as_of: AS_OF,
  ...extra,
});

useReportPlatform((p, served) => {
  ({ db, api } = p);
  platform = p;
  logos = served;
});

const finished = (jobId: string, key: string) => finishedJob(api, jobId, key, 120_000);

const download = (job: JobRecord, name: 'pdf' | 'hosted' | 'json') => fetchArtifact(api, job, name);

async function queued(path: string, payload: object, key: string): Promise<JobRecord> {
  const response = await api.http.post(path, payload, { key });
  expect(response.status).toBe(202);
  return finished(response.body.job_id, key);
}

const REPORTS = [
  { path: SAJU, operation: 'report_saju' as const, kind: 'saju', convention: { en: '대운수', th: '대운수' } },
  { path: BAZI, operation: 'report_bazi' as const, kind: 'bazi', convention: { en: '起运', th: '起运' } },
];

describe.each(REPORTS)('$operation', (report) => {
  it.each(['en', 'th'] as const)('renders a branded report in %s, delivered as PDF, hosted page and JSON', async (locale) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 200 });
    const branding = testBranding(logos.base);
    const job = await queued(report.path, body({ locale, branding }), apiKey);
    expect(job).toMatchObject({
      kind: report.kind,
      status: 'succeeded',
      stage: 'done',
      credits_charged: PRICES[report.operation].credits,
      credits_refunded: 0,
      warnings: [],
    });
    expect(Object.keys(job.artifacts).sort()).toEqual(['hosted', 'json', 'pdf']);

    const pdf = Buffer.from(await (await download(job, 'pdf')).arrayBuffer());
    const text = pdfTextInOrder(pdf);
    for (const words of ['Ploy Srisuk', 'Siam Stars', 'hello@siamstars.example', report.convention[locale]]) expect(text).toContain(words);
    if (locale === 'th') {
      expect(text).toMatch(THAI);
      // no English sentence: three Latin words in a row, the customer's name and the brand aside
      const own = ['Ploy Srisuk', 'Siam Stars', 'hello@siamstars.example'].reduce((t, w) => t.replaceAll(w, ' '), text);
      expect(own.match(/[A-Za-z]{2,}[,']? [A-Za-z]{2,}[,']? [A-Za-z]{2,}/)).toBeNull();
      expect(text).toContain('กรุงเทพมหานคร');
    } else expect(text).not.toMatch(THAI);
    // The brand colour on the cover's band and rules, the logo's green
    expect(await pixelsOfColour(pdf, '#c0392b')).toBeGreaterThan(1_000);
    expect(await pixelsOfColour(pdf, LOGO_COLOUR)).toBeGreaterThan(100);

    const hosted = await download(job, 'hosted');
    expect(hosted.headers.get('content-type')).toContain('text/html');
    const page = await hosted.text();
    expect(page).toContain('Content-Security-Policy');
    expect(page).not.toMatch(/<script/i);
    const document = (await (await download(job, 'json')).json()) as FourPillarsDocument;
    expect(document).toMatchObject({ kind: report.kind, locale, name: 'Ploy Srisuk' });
    expect(document.sections).toHaveLength(11);
    expect(document.chart.luck.periods).toHaveLength(10);
    // every period is read under its own heading, in the PDF as in the document
    const luck = document.sections[7].blocks.flatMap((b) => (b.kind === 'subheading' ? [b.text] : []));
    expect(luck).toHaveLength(10);
    for (const heading of luck) expect(text.replace(/\s+/g, '')).toContain(heading.replace(/\s+/g, ''));

    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges.map((e) => e.payload)).toEqual([
      expect.objectContaining({ operation: report.operation, amount: PRICES[report.operation].credits, job_id: job.job_id }),
    ]);
  });
});

describe('queueing, replay, refund and refusals', () => {
  it('queues with a customer session and replays an Idempotency-Key without charging again', async () => {
    const customer = await platform.customer({ credits: 100 });
    const headers = { 'Idempotency-Key': 'saju-ploy-1' };
    const first = await api.http.post(SAJU, body(), { key: customer.session, headers });
    expect(first.status).toBe(202);
    const again = await api.http.post(SAJU, body(), { key: customer.session, headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.http.post(SAJU, body({ gender: 'male' }), { key: customer.session, headers })).status).toBe(409);
    const job = await finished(first.body.job_id, customer.session);
    expect(job.status).toBe('succeeded');
    expect((await readStream(db, `account:${customer.accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(1);
  });

  it('reads the luck for the day of queueing when as_of is left out', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const { as_of: _omitted, ...withoutAsOf } = body();
    const job = await queued(BAZI, withoutAsOf, apiKey);
    const document = (await (await download(job, 'json')).json()) as FourPillarsDocument;
    const today = new Date(Date.now() + 420 * 60_000).toISOString().slice(0, 10);
    expect(document.chart.asOf.date).toBe(today);
  });

  it('fails a job whose rendering fails for good and refunds it exactly once', async () => {
    const account = await createAccount(db, { credits: 100 });
    const job = await queued(BAZI, body({ branding: { brand_name: FAIL_RENDER } }), account.apiKey);
    expect(job.credits_charged).toBe(PRICES.report_bazi.credits);
    await expectRefundedOnce(db, api, job, account, 100);
  });

  it.each([
    [SAJU, { ...body(), gender: undefined }, 'gender'],
    [SAJU, body({ gender: 'unknown' }), 'gender'],
    [SAJU, body({ as_of: '1984-12-31' }), 'as_of: must not be before the birth date'],
    [SAJU, body({ as_of: '2026-02-30' }), 'as_of'],
    [SAJU, body({ ja_hour_convention: 'midnight' }), 'ja_hour_convention'],
    [SAJU, body({ locale: 'ko' }), 'locale'],
    [BAZI, body({ thai_digits: true }), 'thai_digits: is available for locale th only'],
    [BAZI, body({ zi_hour: 'late' }), 'zi_hour'],
    [BAZI, body({ true_solar_time: 'yes' }), 'true_solar_time'],
    [BAZI, body({ house_system: 'P' }), 'house_system'],
    [BAZI, body({ name: '' }), 'name'],
    [BAZI, { ...body(), birth_subject: { ...ploy, date: '1985-02-30' } }, 'birth_subject.date'],
  ])('%s refuses %j with a 400 naming the field, and charges nothing', (path, payload, message) =>
    expectRefusedUncharged(db, api, path, payload, message),
  );
});

/** Several births: Bangkok, Seoul in the summer time of 1987 (taken off the clock), Shanghai at 23:30 (the next day's 子 hour). */
const BIRTHS = [
  { subject: ploy, gender: 'female' },
  { subject: { date: '1987-07-15', time: '10:30', latitude: 37.57, longitude: 126.98, timezone: 'Asia/Seoul' }, gender: 'male' },
  { subject: { date: '1990-05-15', time: '23:30', latitude: 31.23, longitude: 121.47, timezone: 'Asia/Shanghai' }, gender: 'female' },
];
const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe.each(BIRTHS)('a birth on $subject.date at $subject.time ($subject.timezone)', ({ subject, gender }) => {
  it('prints the pillars, luck ages and years the calculation routes answer, the same luck start in both reports', async () => {
    const { apiKey } = await createAccount(db, { credits: 200 });
    const sajuRoute = (await api.http.post('/api/v3/korean/saju', { ...subject, gender, reference_date: AS_OF }, { key: apiKey })).body;
    const baziRoute = (await api.http.post('/api/v3/chinese/bazi', { ...subject, gender }, { key: apiKey })).body;
    const birthMs = Date.parse(sajuRoute.calculation.instant_utc);
    const [sajuJob, baziJob] = await Promise.all(
      [SAJU, BAZI].map((path) => queued(path, { birth_subject: subject, name: 'Ploy', gender, as_of: AS_OF }, apiKey)),
    );
    const [saju, bazi] = await Promise.all(
      [sajuJob, baziJob].map(async (job) => squeeze(pdfTextInOrder(Buffer.from(await (await download(job, 'pdf')).arrayBuffer())))),
    );

    // the four pillars, each named with its palace ("The year pillar (乙丑 (Wood Ox)) is the root")
    for (const name of PILLARS) {
      const ganZhi = sajuRoute.pillars[name].stem + sajuRoute.pillars[name].branch;
      expect(ganZhi).toBe(baziRoute.pillars[name].gan_zhi);
      for (const text of [saju, bazi]) expect(text).toContain(squeeze(`${name} pillar (${ganZhi} (`));
    }
    // Na Yin of the year pillar and the life stages, as the BaZi route answers them
    for (const text of [saju, bazi])
      expect(text).toContain(squeeze(`${baziRoute.pillars.year.na_yin.zh}, ${baziRoute.pillars.year.na_yin.en}:`));
    for (const name of PILLARS)
      expect(bazi).toContain(squeeze(`${baziRoute.pillars[name].life_stage.en} ${baziRoute.pillars[name].life_stage.zh}`));

    // every luck period: its pillar, the ages it is labelled by, and its calendar years
    const years = (p: { start_local: string; end_local_exclusive: string }) =>
      `${p.start_local.slice(0, 4)}–${p.end_local_exclusive.slice(0, 4)}`;
    baziRoute.luck_pillars.periods.forEach(
      (
        p: { index: number; gan_zhi: string; start_age: { years: number }; start_local: string; end_local_exclusive: string },
        i: number,
      ) => {
        // Korean reckoning: the Saju route's period start, rounded to whole years (대운수); Chinese: the BaZi route's whole years (起运)
        const korean = Math.round((Date.parse(sajuRoute.major_luck.periods[i].approximate_start_utc) - birthMs) / MEAN_YEAR_MS);
        expect(sajuRoute.major_luck.periods[i].stem + sajuRoute.major_luck.periods[i].branch).toBe(p.gan_zhi);
        expect(saju).toContain(squeeze(`${p.index}. ${p.gan_zhi} ${korean}–${korean + 10} ${years(p)}`));
        expect(bazi).toContain(squeeze(`${p.index}. ${p.gan_zhi} ${p.start_age.years}–${p.start_age.years + 10} ${years(p)}`));
      },
    );

    // the same exact start in both, the one stated difference being the Korean rounding
    const start = baziRoute.luck_pillars.start;
    const exact = squeeze(`begins ${start.years} years, ${start.months} months and ${start.days} days after the birth`);
    expect(saju).toContain(exact);
    expect(bazi).toContain(exact);
    expect(saju).toContain(squeeze(`the daeun number (대운수): ${Math.round(start.minutes_to_term / 4320)}.`));
    expect(bazi).toContain(squeeze(`Korean manseryeok round it to whole years (대운수 ${Math.round(start.minutes_to_term / 4320)})`));

    // the year read and the next, as the Saju route's reading is anchored on that day
    const year = sajuRoute.reading_as_of.annual_civil_year;
    for (const text of [saju, bazi]) {
      expect(text).toContain(squeeze(`${year}: the ${sajuRoute.reading_as_of.annual_pillar} (`));
      expect(text).toContain(squeeze(`${year + 1}: the `));
    }
  });
});
