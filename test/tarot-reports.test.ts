import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { JobRecord, PRICES, TarotReading } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { TestPlatform } from './support/fixture';
import { createAccount, eventually, TestApi } from './support/harness';
import { pdfInfo } from './support/document-checks';
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
import { pdfPageCount, pdfText, pdfTextInOrder, pixelsOfColour } from './support/pdf';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * The tarot reading PDF through the real API, Temporal, the worker and Chromium: queued with a key,
 * a session and a test key, replayed, charged by spread, refunded when rendering fails, and
 * delivered as PDF, hosted page and JSON with a webhook; every card, position and sentence it prints
 * is the one POST /api/v3/tarot/readings answers for the same seed, spread and allow_reversed.
 */
let platform: TestPlatform;
let db: Database;
let api: TestApi;
let receiver: WebhookReceiver;
let logos: LogoServer;

const TAROT = '/api/v3/reports/tarot/pdf';
const QUESTION = 'What should I focus on at work?';
const tarotBody = (extra: Record<string, unknown> = {}) => ({
  spread: 'three_card',
  question: QUESTION,
  seed: 'niran-2026',
  name: 'Niran Chaiyo',
  ...extra,
});

useReportPlatform(
  (p, served) => {
    ({ db, api, receiver } = p);
    platform = p;
    logos = served;
  },
  { receiver: true },
);

const finished = (jobId: string, key: string) => finishedJob(api, jobId, key, 120_000);
const download = (job: JobRecord, name: 'pdf' | 'hosted' | 'json') => fetchArtifact(api, job, name);

async function queued(payload: object, key: string): Promise<JobRecord> {
  const response = await api.http.post(TAROT, payload, { key });
  expect(response.status).toBe(202);
  return finished(response.body.job_id, key);
}
const pdfBytes = async (job: JobRecord) => Buffer.from(await (await download(job, 'pdf')).arrayBuffer());
/** A job's report.json: `{kind, data}` with the reading it printed. */
const jsonOf = async (job: JobRecord) => (await (await download(job, 'json')).json()) as { kind: string; data: { reading: TarotReading } };

/** The readings route's answer for a spread, seed and question. */
async function routeReading(
  key: string,
  body: { spread: string; seed: string; question?: string; allow_reversed?: boolean; locale: string },
) {
  const response = await api.http.post('/api/v3/tarot/readings', body, { key });
  expect(response.status).toBe(200);
  return response.body as TarotReading;
}

const THAI_DIGITS = (text: string) => text.replace(/\d/g, (d) => '๐๑๒๓๔๕๖๗๘๙'[Number(d)]);

/** Every card, position and sentence of the reading is in the PDF's text, in the edition's language (and digits). */
function expectPrinted(text: string, reading: TarotReading, locale: 'en' | 'th', thaiDigits = false) {
  const squeeze = (s: string) => (thaiDigits ? THAI_DIGITS(s) : s).replace(/\s+/g, '');
  const printed = squeeze(text);
  for (const drawn of reading.cards) {
    expect(printed).toContain(squeeze(drawn.card.name[locale]));
    expect(printed).toContain(squeeze(drawn.position.name[locale]));
    // the position's meaning captions its block (capitalised in English)
    expect(printed.toLowerCase()).toContain(squeeze(drawn.position.meaning[locale]).toLowerCase());
    expect(printed).toContain(squeeze(drawn.interpretation[locale]));
  }
  expect(printed).toContain(squeeze(reading.synthesis_localized[locale]));
}

describe.each(['en', 'th'] as const)('a branded three-card reading in %s', (locale) => {
  it('is charged as a short reading, delivered as PDF, hosted page and JSON, and prints the readings route’s cards and text', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 200 });
    const job = await queued(tarotBody({ locale, branding: testBranding(logos.base) }), apiKey);
    expect(job).toMatchObject({
      kind: 'tarot',
      status: 'succeeded',
      stage: 'done',
      credits_charged: PRICES.report_tarot_short.credits,
      credits_refunded: 0,
      warnings: [],
    });
    expect(Object.keys(job.artifacts).sort()).toEqual(['hosted', 'json', 'pdf']);

    const route = await routeReading(apiKey, { spread: 'three_card', seed: 'niran-2026', question: QUESTION, locale });
    const json = await jsonOf(job);
    expect(json.kind).toBe('tarot');
    expect(json.data.reading).toEqual(route);

    const pdf = await pdfBytes(job);
    const text = pdfTextInOrder(pdf);
    expectPrinted(text, route, locale);
    const own = { en: ['Tarot Reading', 'Practical advice', 'The cards drawn'], th: ['คำทำนายไพ่ทาโรต์', 'คำแนะนำที่นำไปใช้ได้'] }[locale];
    for (const words of ['Niran Chaiyo', 'Siam Stars', 'hello@siamstars.example', QUESTION, ...own]) expect(text).toContain(words);
    if (locale === 'th') {
      // Thai throughout: no English words but the customer's, the brand's and the question as asked
      const customer = ['Niran Chaiyo', 'Siam Stars', 'hello@siamstars.example', QUESTION];
      const rest = customer.reduce((t, w) => t.replaceAll(w, ' '), text.replace(/\s+/g, ' '));
      // (the trumps' faces print their number in Roman numerals, as the 1909 deck does)
      expect((rest.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !/^[IVX]+$/.test(w))).toEqual([]);
    }
    // the card faces in the brand's frame colour, the logo on the cover
    expect(await pixelsOfColour(pdf, '#c0392b')).toBeGreaterThan(1_000);
    expect(await pixelsOfColour(pdf, LOGO_COLOUR)).toBeGreaterThan(100);
    const info = pdfInfo(pdf);
    expect(info.Author).toBe('Siam Stars');
    expect(info.Title).toBe({ en: 'Tarot Reading', th: 'คำทำนายไพ่ทาโรต์' }[locale]);
    expect(info.Creator).toBe(`Siam Stars · ${info.Title}`);

    const hosted = await download(job, 'hosted');
    expect(hosted.headers.get('content-type')).toContain('text/html');
    const page = await hosted.text();
    expect(page).toContain('Content-Security-Policy');
    expect(page).not.toMatch(/<script/i);
    // each card's face, in the spread and in its position's block
    for (const drawn of route.cards) expect(page.split(`data-card="${drawn.card.id}"`).length - 1).toBe(2);

    // the report's one charge (the readings route's own call above is charged apart, as tarot_reading)
    const charges = (await readStream(db, `account:${accountId}`)).filter(
      (e) => e.type === 'CreditsCharged' && (e.payload as { operation: string }).operation !== 'tarot_reading',
    );
    expect(charges.map((e) => e.payload)).toEqual([
      expect.objectContaining({ operation: 'report_tarot_short', amount: PRICES.report_tarot_short.credits, job_id: job.job_id }),
    ]);
  });
});

describe('the spreads and their draw', () => {
  it('draws a seed once at queueing when none is sent, and lays the cards the readings route lays for it', async () => {
    const { apiKey } = await createAccount(db, { credits: 200 });
    const job = await queued({ spread: 'celtic_cross', locale: 'en' }, apiKey);
    expect(job.credits_charged).toBe(PRICES.report_tarot_celtic_cross.credits);
    const reading = (await jsonOf(job)).data.reading;
    expect(reading.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(reading.cards).toHaveLength(10);
    const route = await routeReading(apiKey, { spread: 'celtic_cross', seed: reading.seed!, locale: 'en' });
    expect(reading).toEqual(route);
    expectPrinted(pdfTextInOrder(await pdfBytes(job)), route, 'en');
  });

  it.each([
    ['single', 'report_tarot_short'],
    ['relationship', 'report_tarot_spread'],
    ['horseshoe', 'report_tarot_spread'],
  ] as const)('prices and prints a %s spread without reversals as the readings route reads it', async (spread, operation) => {
    const { apiKey } = await createAccount(db, { credits: 200 });
    const job = await queued({ spread, seed: `spread-${spread}`, allow_reversed: false, locale: 'th', thai_digits: true }, apiKey);
    expect(job.credits_charged).toBe(PRICES[operation].credits);
    const route = await routeReading(apiKey, { spread, seed: `spread-${spread}`, allow_reversed: false, locale: 'th' });
    expect(route.cards.every((c) => c.orientation === 'upright')).toBe(true);
    expect((await jsonOf(job)).data.reading).toEqual(route);
    // Thai digits: the position numbers of the blocks in ๐–๙
    const text = pdfTextInOrder(await pdfBytes(job));
    expectPrinted(text, route, 'th', true);
    expect(text).toContain('๑ ·');
  });

  it('prices the spreads as the price table says: a three-card reading below a Celtic Cross', () => {
    expect(PRICES.report_tarot_short.credits).toBeLessThan(PRICES.report_tarot_spread.credits);
    expect(PRICES.report_tarot_spread.credits).toBeLessThan(PRICES.report_tarot_celtic_cross.credits);
  });
});

describe('queueing, replay, refund and refusals', () => {
  it('queues with a customer session and replays an Idempotency-Key without charging again, the drawn seed included', async () => {
    const customer = await platform.customer({ credits: 100 });
    const headers = { 'Idempotency-Key': 'tarot-niran-1' };
    const unseeded = { spread: 'three_card', question: QUESTION };
    const first = await api.http.post(TAROT, unseeded, { key: customer.session, headers });
    expect(first.status).toBe(202);
    const again = await api.http.post(TAROT, unseeded, { key: customer.session, headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.http.post(TAROT, { ...unseeded, spread: 'horseshoe' }, { key: customer.session, headers })).status).toBe(409);
    expect((await finished(first.body.job_id, customer.session)).status).toBe('succeeded');
    expect((await readStream(db, `account:${customer.accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(1);
  });

  it('prints the question as text, never as markup', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const hostile = 'Will I <b>sign</b> now?<script>alert(1)</script>';
    const job = await queued(tarotBody({ question: hostile }), apiKey);
    const page = await (await download(job, 'hosted')).text();
    expect(page).toContain('Will I &lt;b&gt;sign&lt;/b&gt; now?&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toMatch(/<script|<b>sign/);
    expect(pdfTextInOrder(await pdfBytes(job))).toContain(hostile);
  });

  it('fails a job whose rendering fails for good and refunds it exactly once', async () => {
    const account = await createAccount(db, { credits: 100 });
    const job = await queued(tarotBody({ spread: 'celtic_cross', branding: { brand_name: FAIL_RENDER } }), account.apiKey);
    expect(job.credits_charged).toBe(PRICES.report_tarot_celtic_cross.credits);
    await expectRefundedOnce(db, api, job, account, 100);
  });

  it.each([
    [tarotBody({ spread: 'pyramid' }), 'spread'],
    [{ ...tarotBody(), spread: undefined }, 'spread'],
    [tarotBody({ question: 'x'.repeat(501) }), 'question'],
    [tarotBody({ question: '   ' }), 'question'],
    [tarotBody({ seed: '' }), 'seed'],
    [tarotBody({ seed: 's'.repeat(129) }), 'seed'],
    [tarotBody({ allow_reversed: 'yes' }), 'allow_reversed'],
    [tarotBody({ name: '' }), 'name'],
    [tarotBody({ locale: 'zh' }), 'locale'],
    [tarotBody({ thai_digits: true }), 'thai_digits: is available for locale th only'],
    [tarotBody({ include_svg: true }), 'include_svg'],
    [tarotBody({ brand_profile_id: 'bp_nope' }), 'brand_profile_id'],
  ])('refuses %j with a 400 naming the field, and charges nothing', (payload, message) =>
    expectRefusedUncharged(db, api, TAROT, payload, message),
  );
});

describe('test mode, brand profile and webhook', () => {
  it('runs with a test key: nothing charged, TEST on every page, the profile’s brand, a signed report.completed', async () => {
    const customer = await platform.customer({ tier: 'pro', credits: 100 });
    const issued = await api.http.post('/v1/api-keys', { label: 'tarot tests', mode: 'test' }, { key: customer.session });
    const testKey = issued.body.key as string;
    expect(testKey).toMatch(/^ak_test_/);
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Main', branding: { brand_name: 'Lotus Tarot', primary_color: '#2255aa' } },
      { key: testKey },
    );
    expect(profile.status).toBe(201);
    const hook = `/tarot/${randomBytes(4).toString('hex')}`;
    const subscription = await api.http.post(
      '/v1/report-webhooks',
      { url: receiver.script(hook, []), events: ['report.completed'] },
      { key: testKey },
    );
    expect(subscription.status).toBe(201);

    const job = await queued(tarotBody({ brand_profile_id: profile.body.id }), testKey);
    expect(job).toMatchObject({ status: 'succeeded', livemode: false, credits_charged: 0, credits_refunded: 0 });
    const pdf = await pdfBytes(job);
    const pages = pdfText(pdf)
      .split('\f')
      .filter((p) => p.trim() !== '');
    expect(pages.length).toBe(pdfPageCount(pdf));
    expect(pages.filter((p) => !/\bTEST\b/.test(p))).toEqual([]);
    expect(pdfText(pdf)).toContain('Lotus Tarot');
    expect(await pixelsOfColour(pdf, '#2255aa')).toBeGreaterThan(1_000);
    expect(pdfInfo(pdf).Author).toBe('Lotus Tarot');

    const delivered = await eventually(
      async () => receiver.at(hook).find((w) => w.body.includes(job.job_id)),
      30_000,
      'the report.completed webhook',
    );
    const headers = Object.fromEntries(Object.entries(delivered.headers).map(([name, value]) => [name, String(value)]));
    const event = new Webhook(subscription.body.secret).verify(delivered.body, headers) as {
      type: string;
      data: { job_id: string };
    };
    expect(event).toMatchObject({ type: 'report.completed', data: { job_id: job.job_id } });
    expect((await readStream(db, `account:${customer.accountId}`)).filter((e) => e.type === 'CreditsCharged')).toHaveLength(0);
  });
});
