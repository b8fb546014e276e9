import { createCustomerUser } from '@astro/accounts';
import { newId, PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { markJobFailed, markJobRunning, markJobSucceeded, recordJobQueued, refundJob } from '@astro/jobs';
import { findAccount } from '@astro/ledger';
import { connectTestDatabase, createAccount, startApi, TestApi } from './support/harness';

let db: Database;
let api: TestApi;

beforeAll(async () => {
  db = await connectTestDatabase();
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

/** A visual-reading job through the job ledger (the same calls as the API and the workflow make). */
async function visualJob(accountId: string, family: 'face' | 'palm', sku: 'json' | 'premium', outcome: 'succeeded' | 'failed' | 'queued') {
  const id = newId('visualJob');
  const operation = `visual_${family}_${sku}` as const;
  await db.transaction((tx) =>
    recordJobQueued(
      tx,
      {
        id,
        accountId,
        kind: `visual_${family}`,
        operation,
        price: PRICES[operation].credits,
        requestId: `req_${id}`,
        extra: { family, sku, locale: 'en', subject_label: 'test', upload_ids: {} },
      },
      { actor: 'test' },
    ),
  );
  if (outcome === 'queued') return id;
  await markJobRunning(db, id, 'analysing');
  if (outcome === 'succeeded') {
    await markJobSucceeded(db, id, {});
  } else {
    await refundJob(db, id, 'no_landmarks');
    await markJobFailed(db, id, { errorCode: 'no_landmarks', message: 'test' });
  }
  return id;
}

describe('GET /v1/visual-readings/economics', () => {
  it('answers per family and sku the price, jobs, credits charged and refunded, refund rate and median time to result', async () => {
    const { accountId } = await createAccount(db, { tier: 'pro', credits: 1000 });
    const email = `econ-${accountId}@example.com`;
    await createCustomerUser(db, { accountId, email, password: 'correct horse battery' });
    const session = (await api.http.post('/v1/sessions', { email, password: 'correct horse battery' })).body.token as string;

    await visualJob(accountId, 'face', 'json', 'succeeded');
    await visualJob(accountId, 'face', 'json', 'succeeded');
    await visualJob(accountId, 'face', 'json', 'failed');
    await visualJob(accountId, 'palm', 'premium', 'failed');
    await visualJob(accountId, 'palm', 'premium', 'queued');
    const other = await createAccount(db, { tier: 'pro', credits: 1000 });
    await visualJob(other.accountId, 'face', 'json', 'succeeded'); // another account's job is not counted
    const balance = (await findAccount(db, accountId))!.balance;

    const response = await api.http.get('/v1/visual-readings/economics', { key: session });
    expect(response.status).toBe(200);
    const lines = response.body.lines as Array<Record<string, unknown>>;
    expect(lines.map((l) => `${l.family}/${l.sku}`)).toEqual([
      'face/json',
      'face/branded',
      'face/premium',
      'palm/json',
      'palm/branded',
      'palm/premium',
    ]);
    const faceJson = lines[0];
    const price = PRICES.visual_face_json.credits;
    expect(faceJson).toMatchObject({
      operation: 'visual_face_json',
      price_credits: price,
      jobs: 3,
      succeeded: 2,
      failed: 1,
      in_progress: 0,
      credits_charged: 3 * price,
      credits_refunded: price,
    });
    expect(faceJson.refund_rate).toBeCloseTo(1 / 3, 4);
    // Jobs finished within this test: the median is a small positive number of seconds.
    expect(faceJson.median_seconds_to_result).toBeGreaterThan(0);
    expect(faceJson.median_seconds_to_result).toBeLessThan(60);
    const palmPremium = lines[5];
    const premium = PRICES.visual_palm_premium.credits;
    expect(palmPremium).toMatchObject({
      jobs: 2,
      succeeded: 0,
      failed: 1,
      in_progress: 1,
      credits_charged: 2 * premium,
      credits_refunded: premium,
      refund_rate: 0.5,
      median_seconds_to_result: null,
    });
    expect(lines[1]).toMatchObject({ jobs: 0, credits_charged: 0, refund_rate: null, median_seconds_to_result: null });
    expect(response.body.totals).toEqual({
      jobs: 5,
      credits_charged: 3 * price + 2 * premium,
      credits_refunded: price + premium,
      refund_rate: Math.round(((price + premium) / (3 * price + 2 * premium)) * 10_000) / 10_000,
    });

    // A period before the jobs has none; the route is free, session only, and names a bad bound.
    const past = await api.http.get('/v1/visual-readings/economics?from=2020-01-01&to=2020-02-01', { key: session });
    expect(past.body.totals.jobs).toBe(0);
    expect(past.body.period).toEqual({ from: '2020-01-01T00:00:00.000Z', to: '2020-02-01T00:00:00.000Z' });
    const reversed = await api.http.get('/v1/visual-readings/economics?from=2020-02-01&to=2020-01-01', { key: session });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain('to');
    const bad = await api.http.get('/v1/visual-readings/economics?from=soon', { key: session });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('from');
    expect((await api.http.get('/v1/visual-readings/economics', { key: other.apiKey })).status).toBe(401);
    expect((await findAccount(db, accountId))!.balance).toBe(balance);
  });
});
