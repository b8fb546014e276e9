import { JobRecord, PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { Customer, TestPlatform } from './support/fixture';
import { TestApi } from './support/harness';
import {
  expectRefundedOnce,
  expectRefusedUncharged,
  fetchArtifact,
  FAIL_RENDER,
  finishedJob,
  LOGO_COLOUR,
  LogoServer,
  useReportPlatform,
} from './support/report-jobs';
import { pdfLines } from './support/document-checks';
import { pixelsOfColour } from './support/pdf';

/**
 * The two Vedic report products through the real API, Temporal, the worker and Chromium: queued
 * with a key and with a session, replayed, charged and refunded, downloaded as PDF, hosted page and
 * JSON, in English and Thai with a logo and a brand colour; and every number they print (dasha
 * dates, nakshatras and padas, koota points) read back from the PDF and compared with the answers of
 * the calculation routes for the same births.
 */
let db: Database;
let api: TestApi;
let platform: TestPlatform;
let logos: LogoServer;
let customer: Customer;

const BRAND = { brand_name: 'Lotus Jyotish', primary_color: '#8e3b17', contact_email: 'namaste@lotus.example' };
const KUNDLI = '/api/v3/reports/vedic-kundli/pdf';
const MATCHING = '/api/v3/reports/vedic-matching/pdf';
const AS_OF = '2026-03-10';

const PLOY = { date: '1985-03-10', time: '11:20', place: 'Bangkok' };
const NIRAN = { date: '1990-05-16', time: '19:30', place: 'Bangkok' };
const DELHI = { date: '1990-05-15', time: '14:30', latitude: 28.6139, longitude: 77.209, timezoneOffsetMinutes: 330 };
const LONDON = { date: '1962-02-05', time: '05:42', place: 'London', place_country: 'GB' };
const CHIANG_MAI = { date: '1972-11-02', time: '05:10', place: 'Chiang Mai' };
const MUMBAI_GROOM = { date: '1988-11-02', time: '06:45', latitude: 19.076, longitude: 72.8777, timezone: 'Asia/Kolkata' };
const BENGALURU_BRIDE = { date: '1991-03-21', time: '22:10', latitude: 12.9716, longitude: 77.5946, timezone: 'Asia/Kolkata' };

useReportPlatform(async (p, served) => {
  ({ db, api } = p);
  platform = p;
  logos = served;
  customer = await p.customer({ credits: 2_000 });
});

const finished = (jobId: string, key: string) => finishedJob(api, jobId, key, 170_000);

async function download(job: JobRecord, name: 'pdf' | 'hosted' | 'json'): Promise<Buffer> {
  return Buffer.from(await (await fetchArtifact(api, job, name)).arrayBuffer());
}

/** Queues a report and answers its finished job with the PDF's text, line by line (pdftotext -layout) and as one string. */
async function report(path: string, body: object, key = customer.apiKey) {
  const queued = await api.http.post(path, { as_of: AS_OF, ...body, branding: { ...BRAND, logo_url: `${logos.base}/logo.png` } }, { key });
  expect(queued.status).toBe(202);
  const job = await finished(queued.body.job_id, key);
  expect(job).toMatchObject({ status: 'succeeded', credits_refunded: 0, warnings: [] });
  const pdf = await download(job, 'pdf');
  const lines = pdfLines(pdf).flat();
  // the prose as one string, without the running header and footer a page break puts inside a paragraph
  const margins = new RegExp(`^${BRAND.brand_name}\\s|(Page|หน้า) \\d+ / \\d+$`);
  return {
    job,
    pdf,
    lines,
    text: lines
      .filter((l) => !margins.test(l))
      .join(' ')
      .replace(/\s+/g, ' '),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** An instant as the English edition prints it in a table: the date on the birth clock, "29 Oct 1999". */
function shortDate(iso: string, offsetMinutes: number): string {
  const d = new Date(Date.parse(iso) + offsetMinutes * 60_000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
/** Degrees and whole minutes, truncated as ephemerides print them: 9°09′. */
const degrees = (x: number) => `${Math.floor(x)}°${String(Math.floor((x % 1) * 60 + 1e-9)).padStart(2, '0')}′`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const row = (...cells: string[]) => new RegExp(`^${cells.map(escape).join('\\s+')}(\\s|$)`);
const hasRow = (lines: string[], ...cells: string[]) => lines.some((l) => row(...cells).test(l));

/** The birth clock's offset of a subject, as the route answered it (`birth_utc_offsets`). */
const offsetOf = (answer: { birth_utc_offsets: { utc_offset_minutes: number }[] }, i = 0) => answer.birth_utc_offsets[i].utc_offset_minutes;
const noonOn = (date: string, offsetMinutes: number) => new Date(Date.parse(`${date}T12:00:00Z`) - offsetMinutes * 60_000).toISOString();

describe('the Vedic kundli', () => {
  it.each([
    ['Ploy, Bangkok, North Indian', PLOY, 'north'],
    ['New Delhi 1990, South Indian', DELHI, 'south'],
    ['London 1962, North Indian', LONDON, 'north'],
  ])(
    'prints the dasha dates, nakshatras and padas the calculation routes give (%s)',
    async (_label, birth, chart_style) => {
      const subject = { ...birth, ayanamsa: 'lahiri' };
      const { job, lines, text } = await report(KUNDLI, { birth_subject: subject, name: 'Asha Rao', chart_style, locale: 'en' });
      const kundli = await api.http.post('/api/v3/vedic/kundli', { birth_subject: subject }, { key: customer.apiKey });
      expect(kundli.status).toBe(200);
      const offset = offsetOf(kundli.body);
      const at = noonOn(AS_OF, offset);
      const dasha = (await api.http.post('/api/v3/vedic/dasha', { birth_subject: subject, at }, { key: customer.apiKey })).body;

      // every graha's row: sign, degree, nakshatra and pada as the kundli route places it
      for (const p of kundli.body.placements)
        expect([p.body, hasRow(lines, p.body, p.sign, degrees(p.degree), `${p.nakshatra}, pada ${p.pada}`)]).toEqual([p.body, true]);
      // the mahadashas of the life and the antardashas of the running one, date for date
      for (const m of dasha.mahadashas)
        expect([m.lord, hasRow(lines, m.lord, shortDate(m.start, offset), shortDate(m.end, offset))]).toEqual([m.lord, true]);
      const running = dasha.mahadashas.find((m: { start: string; end: string }) => m.start <= at && at < m.end);
      for (const a of running.antardashas) expect(hasRow(lines, a.lord, shortDate(a.start, offset), shortDate(a.end, offset))).toBe(true);
      const { maha, antar, pratyantar } = dasha.running;
      const name = (g: string) => (['Sun', 'Moon'].includes(g) ? `the ${g}` : g);
      expect(text).toContain(
        `the mahadasha of ${name(maha)} is running, within it the antardasha of ${name(antar)} and the pratyantardasha of ${name(pratyantar)}`,
      );
      expect(text).toContain(
        `At birth the Moon had crossed ${Math.round(dasha.moon_nakshatra_traversed * 100)}% of ${dasha.moon_nakshatra}`,
      );

      // the panchang of the birth: the nakshatra running at birth is the Moon's of the kundli
      const moon = kundli.body.placements.find((p: { body: string }) => p.body === 'Moon');
      expect(text).toContain(`${moon.nakshatra}, pada ${moon.pada}, ruled by ${moon.nakshatra_lord}`);

      // the JSON artifact carries every computed value: the same dasha and placements as the routes
      const json = JSON.parse((await download(job, 'json')).toString('utf8'));
      expect(json.kind).toBe('vedic_kundli');
      expect(json.data.dasha.mahadashas).toEqual(dasha.mahadashas);
      expect(json.data.kundli.placements).toEqual(kundli.body.placements);
      const doshas = (await api.http.post('/api/v3/vedic/doshas', { birth_subject: subject }, { key: customer.apiKey })).body;
      expect(json.data.doshas.kaal_sarp).toEqual(doshas.kaal_sarp);
      expect(text).toContain(doshas.kaal_sarp.description.replace(/\s+/g, ' '));
    },
    180_000,
  );

  it('renders the Thai edition for a session: Thai throughout, Buddhist Era dates, the Thai place name, the brand', async () => {
    const { job, pdf, text } = await report(
      KUNDLI,
      { birth_subject: { ...CHIANG_MAI, ayanamsa: 'lahiri' }, name: 'Malee', chart_style: 'south', locale: 'th' },
      customer.session,
    );
    expect(text).toContain('เชียงใหม่');
    expect(text).toContain('ดวงชะตาแบบพระเวท');
    expect(text).toMatch(/พ\.ศ\. 25\d\d/);
    for (const word of ['ทศาวิมโศตตรี', 'นักษัตร', 'ดาวเสาร์', 'สาเฑสาตี']) expect(text).toContain(word);
    // no English sentence: three Latin words in a row, the customer's own words aside
    const own = ['Malee', 'Lotus Jyotish', 'namaste@lotus.example'].reduce((t, w) => t.replaceAll(w, ' '), text);
    expect(own.match(/[A-Za-z]{2,}[,']? [A-Za-z]{2,}[,']? [A-Za-z]{2,}/)).toBeNull();
    expect(await pixelsOfColour(pdf, BRAND.primary_color)).toBeGreaterThan(2_000);
    expect(await pixelsOfColour(pdf, LOGO_COLOUR)).toBeGreaterThan(100);
    // the hosted page is the same document
    const hosted = (await download(job, 'hosted')).toString('utf8');
    expect(hosted).toContain('<html lang="th">');
    expect(hosted).toContain('Content-Security-Policy');
    expect(job.artifacts.hosted.content_type).toMatch(/^text\/html/);
    expect(job.artifacts.json.content_type).toBe('application/json');
  }, 180_000);
});

describe('the Vedic match', () => {
  it.each([
    ['Niran and Ploy, North Indian', { ...NIRAN, name: 'Niran' }, { ...PLOY, name: 'Ploy' }, 'north'],
    [
      'a Mumbai groom and a Bengaluru bride, South Indian',
      { ...MUMBAI_GROOM, name: 'Arjun' },
      { ...BENGALURU_BRIDE, name: 'Meera' },
      'south',
    ],
  ])(
    'prints the koota points, the nakshatras and both partners’ periods the calculation routes give (%s)',
    async (_label, a, b, chart_style) => {
      const { job, lines, text } = await report(MATCHING, { person_a: a, person_b: b, chart_style, locale: 'en' });
      const strip = ({ name: _n, ...birth }: { name: string }) => birth;
      const match = await api.http.post('/api/v3/vedic/matching', { groom: strip(a), bride: strip(b) }, { key: customer.apiKey });
      expect(match.status).toBe(200);
      const names: Record<string, string> = {
        varna: 'Varna',
        vashya: 'Vashya',
        tara: 'Tara',
        yoni: 'Yoni',
        graha_maitri: 'Graha Maitri',
        gana: 'Gana',
        bhakoot: 'Bhakoot',
        nadi: 'Nadi',
      };
      for (const k of match.body.kootas)
        expect([
          k.koota,
          lines.some((l) => new RegExp(`^${names[k.koota]}\\s.*\\s${escape(String(k.points))}\\s*/\\s*${k.max}$`).test(l)),
        ]).toEqual([k.koota, true]);
      expect(text).toContain(`${match.body.total} of 36`);
      expect(text).toContain(match.body.verdict.text);
      for (const side of [match.body.groom, match.body.bride]) expect(text).toContain(`${side.nakshatra}, pada ${side.pada}`);

      // both partners' antardashas for the years ahead, as the dasha route gives them
      for (const [i, person] of [a, b].entries()) {
        const offset = offsetOf(match.body, i);
        const at = noonOn(AS_OF, offset);
        const dasha = (await api.http.post('/api/v3/vedic/dasha', { birth_subject: strip(person), at }, { key: customer.apiKey })).body;
        const antars = dasha.mahadashas.flatMap((m: { lord: string; antardashas: { lord: string; start: string; end: string }[] }) =>
          m.antardashas.map((x) => ({ maha: m.lord, ...x })),
        );
        const current = antars.find((x: { start: string; end: string }) => x.start <= at && at < x.end);
        expect(hasRow(lines, current.maha, current.lord, shortDate(current.start, offset), shortDate(current.end, offset))).toBe(true);
      }
      const json = JSON.parse((await download(job, 'json')).toString('utf8'));
      expect(json.data.matching.kootas).toEqual(match.body.kootas);
    },
    180_000,
  );

  it('renders the Thai edition: Thai koota names and verdict, Buddhist Era dates', async () => {
    const { text } = await report(
      MATCHING,
      { person_a: { ...NIRAN, name: 'Niran' }, person_b: { ...PLOY, name: 'Ploy' }, chart_style: 'south', locale: 'th' },
      customer.session,
    );
    for (const word of ['อัษฏกูฏ', 'นาฑี', 'ภกูฏ', 'มังคลิกโทษ', 'กรุงเทพมหานคร']) expect(text).toContain(word);
    expect(text).toMatch(/พ\.ศ\. 25\d\d/);
    const own = ['Niran', 'Ploy', 'Lotus Jyotish', 'namaste@lotus.example'].reduce((t, w) => t.replaceAll(w, ' '), text);
    expect(own.match(/[A-Za-z]{2,}[,']? [A-Za-z]{2,}[,']? [A-Za-z]{2,}/)).toBeNull();
  }, 180_000);
});

describe('the Vedic reports on the job lifecycle', () => {
  it('charges once, replays an Idempotency-Key, refuses a changed body, and refunds a job whose rendering fails', async () => {
    const { accountId, apiKey } = await platform.customer({ credits: 200 });
    const body = { birth_subject: PLOY, name: 'Ploy', as_of: AS_OF };
    const headers = { 'Idempotency-Key': 'kundli-1' };
    const first = await api.http.post(KUNDLI, body, { key: apiKey, headers });
    const again = await api.http.post(KUNDLI, body, { key: apiKey, headers });
    expect(first.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.http.post(KUNDLI, { ...body, name: 'Other' }, { key: apiKey, headers })).status).toBe(409);

    const failing = await api.http.post(
      MATCHING,
      { person_a: { ...NIRAN, name: 'Niran' }, person_b: { ...PLOY, name: 'Ploy' }, branding: { brand_name: FAIL_RENDER } },
      { key: apiKey },
    );
    const failed = await finished(failing.body.job_id, apiKey);
    expect(failed.credits_charged).toBe(PRICES.report_vedic_matching.credits);
    const ok = await finished(first.body.job_id, apiKey);
    expect(ok).toMatchObject({ status: 'succeeded', credits_charged: PRICES.report_vedic_kundli.credits });
    expect(Object.keys(ok.artifacts).sort()).toEqual(['hosted', 'json', 'pdf']);

    const ledger = await readStream(db, `account:${accountId}`);
    expect(ledger.filter((e) => e.type === 'CreditsCharged').map((e) => e.payload.operation)).toEqual([
      'report_vedic_kundli',
      'report_vedic_matching',
    ]);
    await expectRefundedOnce(db, api, failed, { accountId, apiKey }, 200 - PRICES.report_vedic_kundli.credits);
  }, 180_000);

  it.each([
    [KUNDLI, { birth_subject: PLOY, name: 'x', chart_style: 'east' }, 'chart_style: must be north or south'],
    [KUNDLI, { birth_subject: { ...PLOY, ayanamsa: 'raman' }, name: 'x' }, 'birth_subject.ayanamsa'],
    [KUNDLI, { birth_subject: PLOY, name: 'x', as_of: '2400-01-01' }, 'as_of'],
    [KUNDLI, { birth_subject: PLOY, name: 'x', locale: 'en', thai_digits: true }, 'thai_digits: is available for locale th only'],
    [KUNDLI, { birth_subject: PLOY }, 'name'],
    [KUNDLI, { birth_subject: { ...PLOY, place: 'Qwzxqville' }, name: 'x' }, 'birth_subject.place'],
    [MATCHING, { person_a: { ...NIRAN, name: 'Niran' }, person_b: PLOY }, 'person_b.name'],
    [MATCHING, { person_a: { ...NIRAN, name: 'Niran' }, person_b: { ...PLOY, name: 'Ploy' }, house_system: 'P' }, 'house_system'],
  ])('%s refuses %j with a 400 naming the field, and charges nothing', (path, body, message) =>
    expectRefusedUncharged(db, api, path, body, message),
  );

  it('needs the Pro tier', async () => {
    const free = await platform.customer({ tier: 'free', credits: 100 });
    expect((await api.http.post(KUNDLI, { birth_subject: PLOY, name: 'x' }, { key: free.apiKey })).status).toBe(403);
  });
});
