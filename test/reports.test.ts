import { createCustomerUser } from '@astro/accounts';
import { JobRecord, PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { withoutBirthOffsets } from './support/birth-offsets';
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
import { pdfPageCount, pdfText, pixelsOfColour } from './support/pdf';

let db: Database;
let api: TestApi;
let logos: LogoServer;

const THAI = /[\u0E00-\u0E7F]{4,}/;
const birth = { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
const partner = { date: '1992-11-20', time: '08:00', latitude: 18.7883, longitude: 98.9853, timezoneOffsetMinutes: 420 };

useReportPlatform((p, served) => {
  ({ db, api } = p);
  logos = served;
});

const finished = (jobId: string, key: string) => finishedJob(api, jobId, key);

async function downloadPdf(job: JobRecord): Promise<Buffer> {
  expect(job.artifacts.pdf).toMatchObject({ status: 'ready', content_type: 'application/pdf' });
  return Buffer.from(await (await fetchArtifact(api, job, 'pdf')).arrayBuffer());
}

const REPORTS = [
  {
    path: '/api/v3/reports/synastry-premium/pdf',
    operation: 'report_synastry_premium' as const,
    body: { person_a: { ...birth, name: 'Somchai Jaidee' }, person_b: { ...partner, name: 'Malee Srisuk' } },
    names: ['Somchai Jaidee', 'Malee Srisuk'],
    minPages: 5,
    sections: {
      en: [
        'The contacts behind the score',
        "Somchai Jaidee's planets in Malee Srisuk's houses",
        "Malee Srisuk's planets in Somchai Jaidee's houses",
        'The composite Sun is in',
      ],
      th: ['มุมสัมพันธ์ที่นับในคะแนน', 'ดวงอาทิตย์ของดวงผสมอยู่'],
    },
  },
  {
    path: '/api/v3/reports/transit-window/pdf',
    operation: 'report_transit_window' as const,
    body: { birth_subject: birth, start_date: '2026-01-01', end_date: '2026-01-31', name: 'Somchai Jaidee' },
    names: ['Somchai Jaidee'],
    minPages: 4,
    sections: { en: ['Day by day', 'Thursday 1 January 2026', 'Times are local ('], th: ['รายวัน', 'วันพฤหัสบดีที่ 1 มกราคม พ.ศ. 2569'] },
  },
  {
    path: '/api/v3/reports/solar-return/pdf',
    operation: 'report_solar_return' as const,
    body: { birth_subject: birth, target_year: 2026, name: 'Somchai Jaidee' },
    names: ['Somchai Jaidee'],
    minPages: 2,
    sections: {
      en: ['The year ahead by house', 'The return Ascendant and its ruler', 'The return Moon', 'Month by month', 'Month 12:'],
      th: ['ปีข้างหน้าตามเรือนชะตา', 'เดือนที่ 12:'],
    },
  },
];

describe.each(REPORTS)('$operation', (report) => {
  it.each(['en', 'th'] as const)('renders a branded PDF in %s through the API, Temporal, the worker and Chromium', async (locale) => {
    const { accountId, apiKey } = await createAccount(db, { credits: 200 });
    const branding = testBranding(logos.base);
    const queued = await api.http.post(report.path, { ...report.body, locale, branding }, { key: apiKey });
    expect(queued.status).toBe(202);
    expect(withoutBirthOffsets(queued.body)).toEqual({
      job_id: expect.stringMatching(/^job_[a-f0-9]{24}$/),
      status: 'queued',
      poll: `/api/v3/jobs/${queued.body.job_id}`,
    });

    const job = await finished(queued.body.job_id, apiKey);
    expect(job).toMatchObject({
      status: 'succeeded',
      stage: 'done',
      credits_charged: PRICES[report.operation].credits,
      credits_refunded: 0,
      warnings: [],
    });
    const pdf = await downloadPdf(job);
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(report.minPages);
    const text = pdfText(pdf);
    for (const name of report.names) expect(text).toContain(name);
    expect(text).toContain('Siam Stars');
    expect(text).toContain('hello@siamstars.example');
    if (locale === 'th') expect(text).toMatch(THAI);
    else expect(text).not.toMatch(THAI);
    // The depth sections are there, and a Thai edition holds no English sentence (three Latin words in a
    // row) besides the customer's own words: the names and the brand.
    for (const section of report.sections[locale]) expect(text).toContain(section);
    if (locale === 'th') {
      const own = [...report.names, 'Siam Stars', 'hello@siamstars.example'].reduce((t, word) => t.replaceAll(word, ' '), text);
      expect(own.match(/[A-Za-z]{2,}[,']? [A-Za-z]{2,}[,']? [A-Za-z]{2,}/)).toBeNull();
    }
    // The brand colour fills the title band of the first page; the logo's green is there too.
    expect(await pixelsOfColour(pdf, '#c0392b')).toBeGreaterThan(2_000);
    expect(await pixelsOfColour(pdf, LOGO_COLOUR)).toBeGreaterThan(100);

    // Beside the PDF: the same document as a page to host, and every value it computed as `{kind, data}`.
    expect(Object.keys(job.artifacts).sort()).toEqual(['hosted', 'json', 'pdf']);
    const hosted = await fetchArtifact(api, job, 'hosted');
    expect(hosted.headers.get('content-type')).toContain('text/html');
    const page = await hosted.text();
    expect(page).toContain(`<html lang="${locale}">`);
    for (const name of report.names) expect(page).toContain(name);
    const json = await fetchArtifact(api, job, 'json');
    expect(json.headers.get('content-type')).toContain('application/json');
    const computed = (await json.json()) as { kind: string; data: object };
    expect(computed.kind).toBe(report.operation.replace(/^report_/, ''));
    for (const name of report.names) expect(JSON.stringify(computed.data)).toContain(name);

    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges.map((e) => e.payload)).toEqual([
      expect.objectContaining({ operation: report.operation, amount: PRICES[report.operation].credits, job_id: job.job_id }),
    ]);
  });
});

describe("Thai edition and the subject's clock", () => {
  it('renders a transit window in Thai with Thai digits, Buddhist Era dates and times on America/New_York across the DST change', async () => {
    const { apiKey } = await createAccount(db, { credits: 200 });
    const body = {
      birth_subject: birth,
      start_date: '2026-03-01',
      end_date: '2026-03-14',
      name: 'Somchai Jaidee',
      locale: 'th',
      thai_digits: true,
      timezone: 'America/New_York',
    };
    const queued = await api.http.post('/api/v3/reports/transit-window/pdf', body, { key: apiKey });
    expect(queued.status).toBe(202);
    const job = await finished(queued.body.job_id, apiKey);
    expect(job).toMatchObject({ status: 'succeeded' });
    const text = pdfText(await downloadPdf(job));
    // พ.ศ. = ค.ศ. + 543: 2026 is พ.ศ. 2569, written ๒๕๖๙ in Thai digits; New York leaves EST (UTC-5)
    // for EDT (UTC-4) on 8 March 2026 at 02:00 (tzdb `Rule US 2007 max - Mar Sun>=8 2:00 1:00 D`).
    expect(text).toContain('America/New_York');
    expect(text).toContain('๑ มีนาคม พ.ศ. ๒๕๖๙');
    // (\s+: the sentence may wrap at any of its spaces)
    expect(text).toMatch(/วันที่\s+๘\s+มีนาคม\s+พ\.ศ\.\s+๒๕๖๙\s+เวลา\s+๐๓:๐๐\s+นาฬิกาเปลี่ยนจาก\s+UTC-๐๕:๐๐\s+เป็น\s+UTC-๐๔:๐๐/);
    expect(text).not.toContain('2569');
  });

  it('refuses thai_digits outside the Thai edition and an unknown time zone, naming the field, without charging', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 200 });
    const base = { birth_subject: birth, start_date: '2026-03-01', end_date: '2026-03-14', name: 'Somchai Jaidee' };
    const digits = await api.http.post('/api/v3/reports/transit-window/pdf', { ...base, locale: 'en', thai_digits: true }, { key: apiKey });
    expect(digits.status).toBe(400);
    expect(digits.body.message).toContain('thai_digits: is available for locale th only');
    const zone = await api.http.post('/api/v3/reports/transit-window/pdf', { ...base, timezone: 'Mars/Olympus_Mons' }, { key: apiKey });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toContain('timezone: unknown time zone');
    const solar = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { birth_subject: birth, target_year: 2026, name: 'x', thai_digits: true },
      { key: apiKey },
    );
    expect(solar.status).toBe(400);
    expect((await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(0);
  });
});

describe('branding and failures', () => {
  it('uses a brand profile, lets request fields override it, and records an unreachable logo as a warning', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 200 });
    await createCustomerUser(db, { accountId, email: `brand-${accountId}@example.com`, password: 'correct horse battery' });
    const session = (await api.http.post('/v1/sessions', { email: `brand-${accountId}@example.com`, password: 'correct horse battery' }))
      .body.token;
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      {
        name: 'Main',
        branding: {
          brand_name: 'Lotus Astro',
          primary_color: '#2255aa',
          logo_url: `${logos.base}/missing.png`,
          contact_phone: '+66 2 123 4567',
          tone: 'mystical',
        },
      },
      { key: session },
    );
    expect(profile.status).toBe(201);
    const queued = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { ...REPORTS[2].body, locale: 'en', brand_profile_id: profile.body.id, branding: { contact_email: 'desk@lotus.example' } },
      { key: apiKey },
    );
    expect(queued.status).toBe(202);
    const job = await finished(queued.body.job_id, apiKey);
    expect(job.status).toBe('succeeded');
    expect(job.warnings).toEqual([expect.stringContaining('logo not shown')]);
    const text = pdfText(await downloadPdf(job));
    expect(text).toContain('Lotus Astro');
    expect(text).toContain('+66 2 123 4567');
    expect(text).toContain('desk@lotus.example');
  });

  it('fails a job whose rendering fails for good and refunds it exactly once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const queued = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { ...REPORTS[2].body, branding: { brand_name: FAIL_RENDER } },
      { key: apiKey },
    );
    expect(queued.status).toBe(202);
    const job = await finished(queued.body.job_id, apiKey);
    expect(job.credits_charged).toBe(30);
    await expectRefundedOnce(db, api, job, { accountId, apiKey }, 100);
  });

  it.each([
    [
      '/api/v3/reports/transit-window/pdf',
      { ...REPORTS[1].body, end_date: '2026-02-02' },
      'end_date: must be at most 31 days after start_date',
    ],
    ['/api/v3/reports/transit-window/pdf', { ...REPORTS[1].body, end_date: '2025-12-31' }, 'end_date: must not be before start_date'],
    ['/api/v3/reports/transit-window/pdf', { ...REPORTS[1].body, name: 'x'.repeat(121) }, 'name'],
    ['/api/v3/reports/solar-return/pdf', { ...REPORTS[2].body, target_year: 1899 }, 'target_year'],
    ['/api/v3/reports/solar-return/pdf', { ...REPORTS[2].body, locale: 'de' }, 'locale'],
    ['/api/v3/reports/solar-return/pdf', { ...REPORTS[2].body, house_system: 'Q' }, 'house_system'],
    [
      '/api/v3/reports/solar-return/pdf',
      { ...REPORTS[2].body, branding: { primary_color: 'red' } },
      'branding.primary_color: must be a hex colour',
    ],
    ['/api/v3/reports/solar-return/pdf', { ...REPORTS[2].body, branding: { brand_name: 'x'.repeat(61) } }, 'branding.brand_name'],
    ['/api/v3/reports/solar-return/pdf', { ...REPORTS[2].body, branding: { logo_url: 'ftp://x/logo.png' } }, 'branding.logo_url'],
    ['/api/v3/reports/solar-return/pdf', { ...REPORTS[2].body, brand_profile_id: 'brand_123' }, 'brand_profile_id'],
    [
      '/api/v3/reports/solar-return/pdf',
      { ...REPORTS[2].body, brand_profile_id: 'brand_000000000000000000000000' },
      'brand_profile_id: no brand profile',
    ],
    ['/api/v3/reports/synastry-premium/pdf', { ...REPORTS[0].body, person_b: { ...partner } }, 'person_b.name'],
  ])('%s refuses %j with a 400 naming the field, and charges nothing', (path, body, message) =>
    expectRefusedUncharged(db, api, path, body, message),
  );

  it('needs the Pro tier and enough credits; replays an Idempotency-Key without charging again', async () => {
    const free = await createAccount(db, { tier: 'free', credits: 100 });
    expect((await api.http.post(REPORTS[2].path, REPORTS[2].body, { key: free.apiKey })).status).toBe(403);
    const poor = await createAccount(db, { credits: 29 });
    expect((await api.http.post(REPORTS[2].path, REPORTS[2].body, { key: poor.apiKey })).status).toBe(402);
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const headers = { 'Idempotency-Key': 'sr-2026' };
    const first = await api.http.post(REPORTS[2].path, REPORTS[2].body, { key: apiKey, headers });
    const again = await api.http.post(REPORTS[2].path, REPORTS[2].body, { key: apiKey, headers });
    expect(again.body).toEqual(first.body);
    expect((await api.http.post(REPORTS[2].path, { ...REPORTS[2].body, target_year: 2027 }, { key: apiKey, headers })).status).toBe(409);
    expect((await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(1);
    await finished(first.body.job_id, apiKey);
  });
});

describe('brand profiles', () => {
  it('create, read, change, page through and delete, each account seeing only its own', async () => {
    const { accountId, apiKey } = await createAccount(db);
    await createCustomerUser(db, { accountId, email: `profiles-${accountId}@example.com`, password: 'correct horse battery' });
    const token = (await api.http.post('/v1/sessions', { email: `profiles-${accountId}@example.com`, password: 'correct horse battery' }))
      .body.token;
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const created = await api.http.post(
        '/v1/report-brand-profiles',
        { name, branding: { brand_name: `${name} Co`, tone: 'casual' } },
        { key: token },
      );
      expect(created.status).toBe(201);
      expect(created.body.id).toMatch(/^brand_[a-f0-9]{24}$/);
      ids.push(created.body.id);
    }
    const page1 = await api.http.get('/v1/report-brand-profiles?limit=2', { key: token });
    expect(page1.body.profiles.map((p: { name: string }) => p.name)).toEqual(['One', 'Two']);
    const page2 = await api.http.get(`/v1/report-brand-profiles?limit=2&cursor=${page1.body.next_cursor}`, { key: token });
    expect(page2.body).toMatchObject({ profiles: [{ name: 'Three' }], next_cursor: null });

    const patched = await api.http.request('PATCH', `/v1/report-brand-profiles/${ids[0]}`, {
      key: token,
      json: { branding: { primary_color: '#123456' } },
    });
    expect(patched.body.branding).toEqual({ brand_name: 'One Co', tone: 'casual', primary_color: '#123456' });
    const read = await api.http.get(`/v1/report-brand-profiles/${ids[0]}`, { key: token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: ids[0], name: 'One', branding: { primary_color: '#123456' } });
    expect(
      (await api.http.request('PATCH', `/v1/report-brand-profiles/${ids[0]}`, { key: token, json: { branding: { tone: 'grumpy' } } }))
        .status,
    ).toBe(400);
    expect((await api.http.request('DELETE', `/v1/report-brand-profiles/${ids[1]}`, { key: token })).status).toBe(204);
    expect((await api.http.get(`/v1/report-brand-profiles/${ids[1]}`, { key: token })).status).toBe(404);

    // Another account's session sees none of them; the account's own API key sees them all: the profiles
    // belong to the account, not to the credential (an integration uses its key, the dashboard a session).
    const other = await createAccount(db);
    await createCustomerUser(db, {
      accountId: other.accountId,
      email: `other-${other.accountId}@example.com`,
      password: 'correct horse battery',
    });
    const otherToken = (
      await api.http.post('/v1/sessions', { email: `other-${other.accountId}@example.com`, password: 'correct horse battery' })
    ).body.token;
    expect((await api.http.get(`/v1/report-brand-profiles/${ids[0]}`, { key: otherToken })).status).toBe(404);
    expect((await api.http.get('/v1/report-brand-profiles', { key: otherToken })).body.profiles).toEqual([]);
    expect((await api.http.get('/v1/report-brand-profiles', { key: apiKey })).body.profiles).toHaveLength(2);
  });
});
