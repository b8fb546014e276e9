import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { priceOf } from '@astro/contracts';
import { Database } from '@astro/database';
import { findAccount } from '@astro/ledger';
import { eventually, TestApi } from './support/harness';
import { TestPlatform, useTestPlatform } from './support/fixture';
import { pdfPageCount, pdfText } from './support/pdf';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Test mode as Stripe's: a test key (ak_test_…) runs the whole integration, webhooks included,
 * answered like a live key, and moves no money; its reports carry a TEST mark on every page; its
 * objects and the live ones never see each other.
 */
let db: Database;
let api: TestApi;
let receiver: WebhookReceiver;
let platform: TestPlatform;
useTestPlatform(
  (p) => {
    ({ db, api, receiver } = p);
    platform = p;
  },
  { worker: true, receiver: true },
);

const SOLAR_RETURN = {
  birth_subject: { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 },
  target_year: 2026,
  name: 'Somchai Jaidee',
};

/** How many events the account's credit stream holds (a charge or refund appends one). */
async function creditEvents(accountId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [`account:${accountId}`]);
  return row.n;
}

async function finished(key: string, jobId: string) {
  return eventually(
    async () => {
      const polled = await api.http.get(`/api/v3/jobs/${jobId}`, { key });
      return polled.body.status === 'succeeded' || polled.body.status === 'failed' ? polled.body : undefined;
    },
    120_000,
    `job ${jobId}`,
  );
}

describe('test mode', () => {
  it('runs the whole flow with a test key: nothing charged, a TEST mark on every page, livemode false, apart from live', async () => {
    const customer = await platform.customer({ tier: 'pro', credits: 100 });
    const issued = await api.http.post('/v1/api-keys', { label: 'integration tests', mode: 'test' }, { key: customer.session });
    expect(issued.status).toBe(201);
    const testKey = issued.body.key as string;
    expect(testKey).toMatch(/^ak_test_/);
    expect(issued.body.api_key).toMatchObject({ livemode: false, key_prefix: testKey.slice(0, 14) });
    const liveKey = customer.apiKey;
    const balanceBefore = (await findAccount(db, customer.accountId))!.balance;
    const eventsBefore = await creditEvents(customer.accountId);

    // Answered like live calls, and every answer says its mode.
    const account = await api.http.get('/v1/account', { key: testKey });
    expect(account.status).toBe(200);
    expect(account.headers.get('livemode')).toBe('false');
    expect((await api.http.get('/v1/account', { key: liveKey })).headers.get('livemode')).toBe('true');
    const places = await api.http.get('/v1/places?q=Bangkok', { key: testKey });
    expect(places.status).toBe(200);
    const chart = await api.http.post(
      '/v1/natal-chart',
      { birth_datetime: '1990-05-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 },
      { key: testKey },
    );
    expect(chart.status).toBe(200);
    expect(chart.body.chart.planets.length).toBeGreaterThan(9);
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Main', branding: { brand_name: 'Lotus Astro', primary_color: '#2255aa' } },
      { key: testKey },
    );
    expect(profile.status).toBe(201);

    // One subscription in each mode: each hears only its own mode's events.
    const testHook = `/test-mode/${randomBytes(4).toString('hex')}`;
    const liveHook = `/live-mode/${randomBytes(4).toString('hex')}`;
    const testSubscription = await api.http.post(
      '/v1/report-webhooks',
      { url: receiver.script(testHook, []), events: ['report.completed'] },
      { key: testKey },
    );
    expect(testSubscription.status).toBe(201);
    expect(testSubscription.body.livemode).toBe(false);
    const liveSubscription = await api.http.post(
      '/v1/report-webhooks',
      { url: receiver.script(liveHook, []), events: ['report.completed'] },
      { key: liveKey },
    );
    expect(liveSubscription.body.livemode).toBe(true);

    const queued = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { ...SOLAR_RETURN, brand_profile_id: profile.body.id },
      { key: testKey, headers: { 'Idempotency-Key': 'order-1' } },
    );
    expect(queued.status).toBe(202);
    const job = await finished(testKey, queued.body.job_id);
    expect(job).toMatchObject({ status: 'succeeded', livemode: false, credits_charged: 0, credits_refunded: 0 });

    // The PDF: the TEST mark on every page (its bytes read here; the harness checks the answer against the document).
    const pdfLink = new URL(job.artifacts.pdf.url, api.http.baseUrl);
    expect((await api.http.get(pdfLink.pathname + pdfLink.search)).status).toBe(200);
    const pdf = Buffer.from(await (await fetch(pdfLink)).arrayBuffer());
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim() !== '');
    expect(pages.length).toBe(pdfPageCount(pdf));
    expect(pages.filter((page) => !/\bTEST\b/.test(page))).toEqual([]);
    const hostedLink = new URL(job.artifacts.hosted.url, api.http.baseUrl);
    const hosted = await api.http.get(hostedLink.pathname + hostedLink.search);
    expect(hosted.status).toBe(200);
    expect(hosted.text).toContain('class="test-mode-mark"');
    expect(hosted.text).toContain('Test mode: made with a test key and charged nothing.');

    // The webhook: signed as ever, livemode false, to the test subscription only.
    const delivered = await eventually(
      async () => receiver.at(testHook).find((w) => w.body.includes(job.job_id)),
      30_000,
      'the test-mode webhook',
    );
    const headers = Object.fromEntries(Object.entries(delivered.headers).map(([name, value]) => [name, String(value)]));
    const event = new Webhook(testSubscription.body.secret).verify(delivered.body, headers) as {
      type: string;
      livemode: boolean;
      data: { job_id: string; livemode: boolean };
    };
    expect(event).toMatchObject({ type: 'report.completed', livemode: false, data: { job_id: job.job_id, livemode: false } });

    // Nothing charged: the balance and the account's stream as they were.
    expect((await findAccount(db, customer.accountId))!.balance).toBe(balanceBefore);
    expect(await creditEvents(customer.accountId)).toBe(eventsBefore);
    // The same Idempotency-Key with a live key is another call: live and test keys never replay each other.
    const liveProbe = await api.http.post(
      '/v1/pipeline-probes',
      { dt: '2024-04-10T00:00:00Z' },
      { key: liveKey, headers: { 'Idempotency-Key': 'order-1' } },
    );
    expect(liveProbe.status).toBe(202);
    const liveJob = await finished(liveKey, liveProbe.body.job_id);
    expect(liveJob).toMatchObject({ status: 'succeeded', livemode: true, credits_charged: 1 });
    expect((await findAccount(db, customer.accountId))!.balance).toBe(balanceBefore - 1);
    await eventually(async () => receiver.at(liveHook).find((w) => w.body.includes(liveJob.job_id)), 30_000, 'the live webhook');

    // No live list or read shows a test object, and the reverse.
    expect((await api.http.get(`/api/v3/jobs/${job.job_id}`, { key: liveKey })).status).toBe(404);
    expect((await api.http.get(`/api/v3/jobs/${liveJob.job_id}`, { key: testKey })).status).toBe(404);
    const subscriptionIds = async (key: string) =>
      ((await api.http.get('/v1/report-webhooks', { key })).body.subscriptions as { id: string }[]).map((s) => s.id);
    expect(await subscriptionIds(liveKey)).toEqual([liveSubscription.body.id]);
    expect(await subscriptionIds(testKey)).toEqual([testSubscription.body.id]);
    expect((await api.http.get(`/v1/report-webhooks/${testSubscription.body.id}`, { key: liveKey })).status).toBe(404);
    expect((await api.http.get(`/v1/report-webhooks/${liveSubscription.body.id}`, { key: testKey })).status).toBe(404);
    const listedJobs = async (key: string, query = '') =>
      ((await api.http.get(`/api/v3/jobs${query}`, { key })).body.jobs as { job_id: string; livemode: boolean }[]).map((j) => [
        j.job_id,
        j.livemode,
      ]);
    expect(await listedJobs(liveKey)).toContainEqual([liveJob.job_id, true]);
    expect((await listedJobs(liveKey)).every(([, livemode]) => livemode === true)).toBe(true);
    expect(await listedJobs(testKey)).toEqual([[job.job_id, false]]);
    expect(await listedJobs(liveKey, '?livemode=false')).toEqual([]);
    expect(await listedJobs(testKey, '?livemode=true')).toEqual([]);
    const deliveredJobs = async (key: string) =>
      (
        (await api.http.get('/v1/report-webhooks/deliveries', { key })).body.deliveries as { report_job_id: string; livemode: boolean }[]
      ).map((d) => [d.report_job_id, d.livemode]);
    expect(await deliveredJobs(liveKey)).toEqual([[liveJob.job_id, true]]);
    expect(await deliveredJobs(testKey)).toEqual([[job.job_id, false]]);
    expect(receiver.at(liveHook).some((w) => w.body.includes(job.job_id))).toBe(false);
    expect(receiver.at(testHook).some((w) => w.body.includes(liveJob.job_id))).toBe(false);

    // The key list tells the modes apart; the test key's usage is its own.
    const keys = (await api.http.get('/v1/api-keys', { key: customer.session })).body.keys as {
      livemode: boolean;
      key_prefix: string;
      usage: { requests: number; credits_charged: number };
    }[];
    const testRecord = keys.find((k) => !k.livemode)!;
    expect(testRecord.key_prefix.startsWith('ak_test_')).toBe(true);
    expect(testRecord.usage.credits_charged).toBe(0);
    expect(testRecord.usage.requests).toBeGreaterThan(5);
  });

  it("never reads the mode from an Idempotency-Key: a live call keyed `test:x` is not a test key's call keyed `x`", async () => {
    const customer = await platform.customer({ tier: 'pro', credits: 10 });
    const issued = await api.http.post('/v1/api-keys', { label: 'tests', mode: 'test' }, { key: customer.session });
    const chart = { birth_datetime: '1990-05-04T14:30:00+07:00', latitude: 13.75, longitude: 100.5 };
    const testCall = await api.http.post('/v1/natal-chart', chart, { key: issued.body.key, headers: { 'Idempotency-Key': 'chart-1' } });
    expect(testCall.status).toBe(200);
    const liveCall = await api.http.post('/v1/natal-chart', chart, {
      key: customer.apiKey,
      headers: { 'Idempotency-Key': 'test:chart-1' },
    });
    expect(liveCall.status).toBe(200);
    expect(liveCall.headers.get('idempotent-replayed')).toBeNull();
    expect(liveCall.headers.get('livemode')).toBe('true');
    // The live call ran and was charged; each repeat replays its own mode's answer.
    expect((await findAccount(db, customer.accountId))!.balance).toBe(10 - priceOf('natal_chart'));
    const liveRepeat = await api.http.post('/v1/natal-chart', chart, {
      key: customer.apiKey,
      headers: { 'Idempotency-Key': 'test:chart-1' },
    });
    expect(liveRepeat.headers.get('idempotent-replayed')).toBe('true');
    expect(liveRepeat.headers.get('livemode')).toBe('true');
    const testRepeat = await api.http.post('/v1/natal-chart', chart, { key: issued.body.key, headers: { 'Idempotency-Key': 'chart-1' } });
    expect(testRepeat.headers.get('idempotent-replayed')).toBe('true');
    expect(testRepeat.headers.get('livemode')).toBe('false');
  });

  it('keeps the tier rate limit for a test key', async () => {
    const customer = await platform.customer({ tier: 'pro', credits: 10 });
    const issued = await api.http.post('/v1/api-keys', { label: 'tests', mode: 'test' }, { key: customer.session });
    const answer = await api.http.get('/v1/account', { key: issued.body.key });
    expect(answer.headers.get('ratelimit-limit')).toBe(
      (await api.http.get('/v1/account', { key: customer.apiKey })).headers.get('ratelimit-limit'),
    );
    expect(Number(answer.headers.get('ratelimit-remaining'))).toBeLessThan(Number(answer.headers.get('ratelimit-limit')));
  });

  it('refuses a key mode that is not live or test, naming the field', async () => {
    const customer = await platform.customer({ tier: 'pro', credits: 10 });
    const refused = await api.http.post('/v1/api-keys', { label: 'tests', mode: 'sandbox' }, { key: customer.session });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('mode');
  });
});
