import { JobRecord, PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
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
 * The Thai life and the Qi Men reports through the real API, Temporal, the worker and Chromium:
 * queued with a key and with a session, replayed, charged, refunded when rendering fails, and
 * delivered as PDF, hosted page and JSON; every Thaksa seat, ruling period, lunar date, holy day,
 * best day, pillar and palace they print is the one the calculation routes answer
 * (POST /api/v3/thai/maha-thaksa, lunar-date, holy-days, auspicious-timing; POST /api/v3/chinese/qimen).
 */
let platform: TestPlatform;
let db: Database;
let api: TestApi;
let logos: LogoServer;

const THAI_LIFE = '/api/v3/reports/thai-life/pdf';
const QIMEN = '/api/v3/reports/qimen/pdf';
const niran = { date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' };
const thaiLifeBody = (extra: Record<string, unknown> = {}) => ({ birth_subject: niran, name: 'Niran Chaiyo', year: 2026, ...extra });
const moment = { date: '2026-03-10', time: '10:00', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' };
const qimenBody = (extra: Record<string, unknown> = {}) => ({
  moment,
  purpose: 'career',
  question: 'Should I accept the new position?',
  name: 'Niran Chaiyo',
  ...extra,
});

useReportPlatform((p, served) => {
  ({ db, api } = p);
  platform = p;
  logos = served;
});

const finished = (jobId: string, key: string) => finishedJob(api, jobId, key, 120_000);
const download = (job: JobRecord, name: 'pdf' | 'hosted' | 'json') => fetchArtifact(api, job, name);
const squeeze = (text: string) => text.replace(/\s+/g, '');

async function queued(path: string, payload: object, key: string): Promise<JobRecord> {
  const response = await api.http.post(path, payload, { key });
  expect(response.status).toBe(202);
  return finished(response.body.job_id, key);
}
/** A job's report.json: `{kind, data}` with every value the report computed. */
const jsonOf = async (job: JobRecord) =>
  (await (await download(job, 'json')).json()) as {
    kind: string;
    data: { year: number; moment: { date: string; timezoneOffsetMinutes: number }; chart: { palaces: unknown[] }; verdict: string };
  };
const pdfOf = async (job: JobRecord) => pdfTextInOrder(Buffer.from(await (await download(job, 'pdf')).arrayBuffer()));

const REPORTS = [
  {
    path: THAI_LIFE,
    operation: 'report_thai_life' as const,
    kind: 'thai_life',
    body: thaiLifeBody,
    own: { en: 'Maha Thaksa', th: 'มหาทักษา' },
  },
  { path: QIMEN, operation: 'report_qimen' as const, kind: 'qimen', body: qimenBody, own: { en: 'Verdict', th: 'คำตัดสิน' } },
];

describe.each(REPORTS)('$operation', (report) => {
  it.each(['en', 'th'] as const)('renders a branded report in %s, delivered as PDF, hosted page and JSON', async (locale) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 200 });
    const job = await queued(report.path, report.body({ locale, branding: testBranding(logos.base) }), apiKey);
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
    for (const words of ['Niran Chaiyo', 'Siam Stars', 'hello@siamstars.example', report.own[locale]]) expect(text).toContain(words);
    if (locale === 'th') {
      // Thai throughout: no English words but the customer's, the brand's, the question as asked and UTC
      const own = ['Niran Chaiyo', 'Siam Stars', 'hello@siamstars.example', 'Should I accept the new position?', 'UTC'];
      const rest = own.reduce((t, w) => t.replaceAll(w, ' '), text.replace(/\s+/g, ' '));
      expect(rest.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
      expect(text).toContain('กรุงเทพมหานคร');
      expect(text).toMatch(/พ\.ศ\. 25\d\d/);
    } else expect(text).toContain('Bangkok');
    expect(await pixelsOfColour(pdf, '#c0392b')).toBeGreaterThan(1_000);
    expect(await pixelsOfColour(pdf, LOGO_COLOUR)).toBeGreaterThan(100);

    const hosted = await download(job, 'hosted');
    expect(hosted.headers.get('content-type')).toContain('text/html');
    const page = await hosted.text();
    expect(page).toContain('Content-Security-Policy');
    expect(page).not.toMatch(/<script/i);
    const json = await jsonOf(job);
    expect(json.kind).toBe(report.kind);

    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges.map((e) => e.payload)).toEqual([
      expect.objectContaining({ operation: report.operation, amount: PRICES[report.operation].credits, job_id: job.job_id }),
    ]);
  });
});

describe('queueing, replay, refund and refusals', () => {
  it('queues with a customer session and replays an Idempotency-Key without charging again', async () => {
    const customer = await platform.customer({ credits: 100 });
    const headers = { 'Idempotency-Key': 'qimen-niran-1' };
    const first = await api.http.post(QIMEN, qimenBody(), { key: customer.session, headers });
    expect(first.status).toBe(202);
    const again = await api.http.post(QIMEN, qimenBody(), { key: customer.session, headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.http.post(QIMEN, qimenBody({ purpose: 'wealth' }), { key: customer.session, headers })).status).toBe(409);
    expect((await finished(first.body.job_id, customer.session)).status).toBe('succeeded');
    expect((await readStream(db, `account:${customer.accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(1);
  });

  it('prints the question as text, never as markup', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const job = await queued(QIMEN, qimenBody({ question: 'Should I <b>sign</b> now?<script>alert(1)</script>' }), apiKey);
    const page = await (await download(job, 'hosted')).text();
    expect(page).toContain('Should I &lt;b&gt;sign&lt;/b&gt; now?&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toMatch(/<script|<b>sign/);
    expect(await pdfOf(job)).toContain('Should I <b>sign</b> now?<script>alert(1)</script>');
  });

  it('reads the current year and the present moment when they are left out', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const before = new Date(Date.now() + 420 * 60_000).toISOString().slice(0, 10);
    const { year: _year, ...withoutYear } = thaiLifeBody();
    const { date: _date, time: _time, ...now } = moment;
    const [thai, qimen] = await Promise.all([queued(THAI_LIFE, withoutYear, apiKey), queued(QIMEN, qimenBody({ moment: now }), apiKey)]);
    const after = new Date(Date.now() + 420 * 60_000).toISOString().slice(0, 10);
    expect((await jsonOf(thai)).data.year).toBe(Number(before.slice(0, 4)));
    const asked = (await jsonOf(qimen)).data.moment;
    expect([before, after]).toContain(asked.date);
    expect(asked.timezoneOffsetMinutes).toBe(420);
  });

  it('fails a job whose rendering fails for good and refunds it exactly once', async () => {
    const account = await createAccount(db, { credits: 100 });
    const job = await queued(THAI_LIFE, thaiLifeBody({ branding: { brand_name: FAIL_RENDER } }), account.apiKey);
    expect(job.credits_charged).toBe(PRICES.report_thai_life.credits);
    await expectRefundedOnce(db, api, job, account, 100);
  });

  it.each([
    [THAI_LIFE, thaiLifeBody({ year: 1989 }), 'year: must not be before the birth year'],
    [THAI_LIFE, thaiLifeBody({ year: 2098 }), 'year: must be less than 108 years after the birth year'],
    [THAI_LIFE, thaiLifeBody({ year: 2026.5 }), 'year'],
    [THAI_LIFE, { ...thaiLifeBody(), name: undefined }, 'name'],
    [THAI_LIFE, thaiLifeBody({ thai_digits: true }), 'thai_digits: is available for locale th only'],
    [THAI_LIFE, { ...thaiLifeBody(), birth_subject: { ...niran, date: '1990-02-30' } }, 'birth_subject.date'],
    [QIMEN, qimenBody({ purpose: 'lottery' }), 'purpose'],
    [QIMEN, qimenBody({ question: 'x'.repeat(501) }), 'question'],
    [QIMEN, qimenBody({ question: '   ' }), 'question'],
    [QIMEN, qimenBody({ moment: { ...moment, time: undefined } }), 'moment.time: date and time are given together, or neither'],
    [QIMEN, qimenBody({ moment: { date: '2026-03-10', time: '10:00', timezone: 'Asia/Bangkok' } }), 'moment'],
    [QIMEN, qimenBody({ moment: { ...moment, timezone: 'Mars/Olympus' } }), 'moment.timezone'],
    [QIMEN, qimenBody({ locale: 'zh' }), 'locale'],
  ])('%s refuses %j with a 400 naming the field, and charges nothing', (path, payload, message) =>
    expectRefusedUncharged(db, api, path, payload, message),
  );
});

/** Births: a Wednesday night (Rahu) in Bangkok, a Sunday morning in Chiang Mai, a leap day in Phuket. */
const BIRTHS = [
  niran,
  { date: '1985-03-10', time: '11:20', latitude: 18.79, longitude: 98.98, timezone: 'Asia/Bangkok' },
  { date: '1996-02-29', time: '06:05', latitude: 7.88, longitude: 98.39, timezone: 'Asia/Bangkok' },
];
const SEATS: Record<string, string> = {
  boriwan: 'Boriwan',
  ayu: 'Ayu',
  det: 'Det',
  sri: 'Sri',
  mula: 'Mula',
  utsaha: 'Utsaha',
  montri: 'Montri',
  kalakini: 'Kalakini',
};
const THAI_DIGITS = (n: number | string) => String(n).replace(/\d/g, (d) => '๐๑๒๓๔๕๖๗๘๙'[Number(d)]);

describe.each(BIRTHS)('the Thai life report of a birth on $date at $time', (birth) => {
  it('prints the seats, ruling periods, lunar date, holy days and best days the Thai routes answer', async () => {
    const { apiKey } = await createAccount(db, { credits: 300 });
    const year = 2026;
    const as_of = `${Number(birth.date.slice(0, 4)) + 107}-01-01`;
    const [wheel, lunar, holy, timing] = await Promise.all([
      api.http.post('/api/v3/thai/maha-thaksa', { ...birth, as_of }, { key: apiKey }),
      api.http.post('/api/v3/thai/lunar-date', { date: birth.date }, { key: apiKey }),
      api.http.post('/api/v3/thai/holy-days', { year }, { key: apiKey }),
      api.http.post(
        '/api/v3/thai/auspicious-timing',
        {
          start_date: `${year}-01-01`,
          end_date: `${year}-01-31`,
          latitude: birth.latitude,
          longitude: birth.longitude,
          timezoneOffsetMinutes: 420,
          birth: { date: birth.date, time: birth.time },
        },
        { key: apiKey },
      ),
    ]);
    for (const r of [wheel, lunar, holy, timing]) expect(r.status).toBe(200);
    const [en, th] = await Promise.all(
      (['en', 'th'] as const).map(async (locale) =>
        squeeze(await pdfOf(await queued(THAI_LIFE, { birth_subject: birth, name: 'Niran', year, locale }, apiKey))),
      ),
    );

    // the eight seats of the birth board: seat, planet and its number
    for (const p of wheel.body.positions) expect(en).toContain(squeeze(`${SEATS[p.position]} ${p.planet_name.en} ${p.planet_number}`));
    for (const p of wheel.body.positions)
      expect(th).toContain(squeeze(`${p.position_name.th} ${p.planet_name.th} ${THAI_DIGITS(p.planet_number)}`));
    // every ruling period of the whole life: planet, years, ages and calendar years (B.E. in Thai)
    expect(wheel.body.periods).toHaveLength(8);
    const numberOf = Object.fromEntries(
      wheel.body.positions.map((p: { planet: string; planet_number: number }) => [p.planet, p.planet_number]),
    );
    let age = 0;
    for (const p of wheel.body.periods) {
      const [from, to] = [Number(p.start.slice(0, 4)), Number(p.end.slice(0, 4))];
      expect(en).toContain(
        squeeze(
          `${p.planet_name.en} (${numberOf[p.planet]}) ${p.years} ${age}–${age + p.years} ${from}–${to} (B.E. ${from + 543}–${to + 543})`,
        ),
      );
      expect(th).toContain(squeeze(`${p.years} ${age}–${age + p.years} ${from + 543}–${to + 543}`));
      age += p.years;
    }
    // the lunar birth date, B.E. year and animal year
    const l = lunar.body;
    const phase = l.phase === 'waxing' ? 'ขึ้น' : 'แรม';
    expect(th).toContain(
      squeeze(`${phase} ${THAI_DIGITS(l.day)} ค่ำ เดือน ${THAI_DIGITS(l.month_label)} ปี${l.animal.th} พ.ศ. ${l.buddhist_era}`),
    );
    // the year's Wan Phra
    expect(en).toContain(squeeze(`${holy.body.wan_phra.length} in ${year}`));
    // January's best days: the three highest scores the auspicious-timing route gives, never a day it forbids
    const best = (timing.body.days as { date: string; verdict: string; score: number }[])
      .filter((d) => d.verdict !== 'avoid')
      .sort((a, b) => b.score - a.score || a.date.localeCompare(b.date))
      .slice(0, 3)
      .sort((a, b) => a.date.localeCompare(b.date));
    const weekday = (iso: string) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${iso}T00:00:00Z`).getUTCDay()];
    expect(en).toContain(squeeze(`January ${best.map((d) => `${weekday(d.date)} ${Number(d.date.slice(8))}`).join(', ')}`));
  });
});

const PURPOSE_DOOR: Record<string, string> = { career: '开门', wealth: '生门', study: '景门', legal: '惊门' };
const MOMENTS = [
  { moment, purpose: 'career' },
  { moment: { date: '2025-11-02', time: '23:40', latitude: 31.23, longitude: 121.47, timezone: 'Asia/Shanghai' }, purpose: 'wealth' },
  { moment: { date: '2026-07-01', time: '06:15', latitude: 1.29, longitude: 103.85, timezone: 'Asia/Singapore' }, purpose: 'legal' },
];

describe.each(MOMENTS)('the Qi Men report of $moment.date $moment.time ($purpose)', ({ moment: m, purpose }) => {
  it('prints the board the Qi Men route casts and reads the palace of the purpose', async () => {
    const { apiKey } = await createAccount(db, { credits: 200 });
    const route = (await api.http.post('/api/v3/chinese/qimen', { ...m, include_svg: false }, { key: apiKey })).body;
    const job = await queued(QIMEN, { moment: m, purpose }, apiKey);
    const text = squeeze(await pdfOf(job));
    expect(text).toContain(squeeze(`The hour pillar is ${route.pillars.hour.gan_zhi} and the day pillar ${route.pillars.day.gan_zhi}`));
    expect(text).toContain(squeeze(`${route.dun} ${route.ju}, ${route.yuan} yuan, solar term ${route.solar_term.zh}`));
    // every outer palace: its door, deity and the stems of both plates
    for (const p of route.palaces.filter((x: { number: number }) => x.number !== 5)) {
      const stems = `${[p.heaven_stem, p.heaven_stem_lodged].filter(Boolean).join('')}/${[p.earth_stem, p.earth_stem_lodged].filter(Boolean).join('')}`;
      expect(text).toContain(squeeze(`(${p.deity.zh}) ${stems}`));
    }
    // the palace of the purpose is the one its door stands in on the route's board
    const palace = route.palaces.find((p: { door: { zh: string } | null }) => p.door?.zh === PURPOSE_DOOR[purpose]);
    expect(text).toContain(squeeze(`It stands in ${palace.trigram_en.split(' ')[0]} ${palace.number} (${palace.trigram}).`));
    for (const pattern of route.patterns) expect(text).toContain(squeeze(`(${pattern.zh})`));
    const data = (await jsonOf(job)).data;
    expect(data.chart.palaces).toEqual(route.palaces);
    expect(text).toContain(
      squeeze(`Verdict: ${{ favourable: 'Favourable', mixed: 'Mixed', unfavourable: 'Unfavourable' }[data.verdict as string]}`),
    );
  });
});
