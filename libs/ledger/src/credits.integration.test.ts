import { newId } from '@astro/contracts';
import { Database } from '@astro/database';
import { ChargeBatcher } from './charge-batcher';
import { accountStream, changeTier, chargeCredits, findAccount, grantCredits, openAccount, refundCredits } from './credits';
import { readStream } from './event-store';

// The credit ledger against the test database of `npm test` (its global setup migrates it): the
// guarantees live in SQL (one statement per balance change, the balance check, the row lock), so a
// mock could only repeat what the code says.

let db: Database;
beforeAll(async () => {
  db = await Database.connect(process.env.TEST_DATABASE_ADMIN_URL!, { poolSize: 12, applicationName: 'credits-unit' });
});
afterAll(() => db?.close());

const META = { actor: 'test' };

async function account(credits: number): Promise<string> {
  const id = newId('account');
  await db.transaction((tx) => openAccount(tx, { id, name: 'unit', tier: 'pro' }, META));
  if (credits > 0) await grantCredits(db, id, credits, 'opening grant', META);
  return id;
}

const events = async (accountId: string) =>
  (await readStream(db, accountStream(accountId))).map((e) => ({ type: e.type, version: e.streamVersion, payload: e.payload }));

describe('grantCredits', () => {
  it('adds whole positive credits with one event, and refuses anything else before writing', async () => {
    const id = await account(0);
    expect(await grantCredits(db, id, 7, 'welcome', META)).toMatchObject({ balance: 7, version: 2 });
    for (const bad of [0, -1, 2.5]) await expect(grantCredits(db, id, bad, 'bad', META)).rejects.toThrow(/positive whole number/);
    await expect(grantCredits(db, newId('account'), 5, 'nobody', META)).rejects.toThrow(/does not exist/);
    expect(await events(id)).toEqual([
      { type: 'AccountOpened', version: 1, payload: { account_id: id, name: 'unit', tier: 'pro' } },
      { type: 'CreditsGranted', version: 2, payload: { amount: 7, reason: 'welcome' } },
    ]);
    expect(await findAccount(db, id)).toMatchObject({
      balance: 7,
      credits_granted: 7,
      credits_charged: 0,
      credits_refunded: 0,
      version: 2,
    });
  });
});

describe('chargeCredits', () => {
  it('charges with the operation, amount, request and job in the event, and moves the counters', async () => {
    const id = await account(10);
    const charged = await chargeCredits(
      db,
      { accountId: id, operation: 'report_solar_return', amount: 4, requestId: 'req-1', jobId: 'job_1' },
      META,
    );
    expect(charged).toMatchObject({ balance: 6, version: 3 });
    const [, , charge] = await events(id);
    expect(charge).toEqual({
      type: 'CreditsCharged',
      version: 3,
      payload: { operation: 'report_solar_return', amount: 4, request_id: 'req-1', job_id: 'job_1' },
    });
    expect(await findAccount(db, id)).toMatchObject({ balance: 6, credits_charged: 4 });
  });

  it('answers null and writes nothing when the balance is too low, or the account unknown', async () => {
    const id = await account(3);
    expect(await chargeCredits(db, { accountId: id, operation: 'planets', amount: 4, requestId: 'req-2' }, META)).toBeNull();
    expect(await chargeCredits(db, { accountId: newId('account'), operation: 'planets', amount: 1, requestId: 'req-3' }, META)).toBeNull();
    expect((await events(id)).map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted']);
    expect(await findAccount(db, id)).toMatchObject({ balance: 3, credits_charged: 0, version: 2 });
  });

  it('never overdraws: 12 concurrent charges of 1 against a balance of 5 succeed exactly 5 times, at consecutive versions', async () => {
    const id = await account(5);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        chargeCredits(db, { accountId: id, operation: 'planets', amount: 1, requestId: `req-${i}` }, META),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(5);
    const charges = (await events(id)).filter((e) => e.type === 'CreditsCharged');
    expect(charges.map((c) => c.version)).toEqual([3, 4, 5, 6, 7]);
    expect(await findAccount(db, id)).toMatchObject({ balance: 0, credits_charged: 5, version: 7 });
  });
});

describe('refundCredits', () => {
  it('gives the credits of a job back with one event naming the job and the reason', async () => {
    const id = await account(10);
    await chargeCredits(db, { accountId: id, operation: 'report_solar_return', amount: 10, requestId: 'req-4', jobId: 'job_2' }, META);
    expect(await refundCredits(db, { accountId: id, jobId: 'job_2', amount: 10, reason: 'render_failed' }, META)).toMatchObject({
      balance: 10,
      version: 4,
    });
    expect((await events(id)).at(-1)).toEqual({
      type: 'CreditsRefunded',
      version: 4,
      payload: { job_id: 'job_2', amount: 10, reason: 'render_failed' },
    });
    expect(await findAccount(db, id)).toMatchObject({ balance: 10, credits_granted: 10, credits_charged: 10, credits_refunded: 10 });
    await expect(refundCredits(db, { accountId: newId('account'), jobId: 'job_2', amount: 1, reason: 'x' }, META)).rejects.toThrow(
      /does not exist/,
    );
  });
});

describe('changeTier and findAccount', () => {
  it('records a tier change as the next event of the account', async () => {
    const id = await account(1);
    await db.transaction((tx) => changeTier(tx, id, 'enterprise', META));
    expect((await events(id)).at(-1)).toEqual({ type: 'AccountTierChanged', version: 3, payload: { tier: 'enterprise' } });
    expect(await findAccount(db, id)).toMatchObject({ tier: 'enterprise', version: 3, balance: 1 });
    await expect(db.transaction((tx) => changeTier(tx, newId('account'), 'free', META))).rejects.toThrow(/does not exist/);
    expect(await findAccount(db, newId('account'))).toBeNull();
  });
});

// The batch statement's rule, checked by hand against the test database: charges apply in the
// order they were sent, each with its own balance check under the account's lock; a refused charge
// leaves no trace and a later, smaller charge of the same account may still pass.

describe('ChargeBatcher', () => {
  it('applies one batch over several accounts, interleaved and with an unknown one, in the order sent', async () => {
    const a = await account(4);
    const b = await account(2);
    const unknown = newId('account');
    const flushes: { charges: number; seconds: number }[] = [];
    const batcher = new ChargeBatcher(db, { onFlush: (charges, seconds) => flushes.push({ charges, seconds }) });
    // Sent in one turn of the event loop, so they share a batch.
    const sent: [string, number][] = [
      [a, 3],
      [b, 1],
      [a, 5],
      [unknown, 1],
      [a, 1],
      [b, 2],
    ];
    const results = await Promise.all(
      sent.map(([accountId, amount], i) => batcher.charge({ accountId, operation: 'planets', amount, requestId: `req-${i}` }, META)),
    );
    await batcher.close();
    expect(batcher.stats.batches).toBe(1);
    // The observer hears of the flush with every charge it wrote, refused ones included.
    expect(flushes).toEqual([{ charges: 6, seconds: expect.any(Number) }]);
    expect(flushes[0].seconds).toBeGreaterThan(0);
    // a: 4 − 3 = 1, then 5 refused, then 1 − 1 = 0; b: 2 − 1 = 1, then 2 refused; the unknown account refused.
    expect(results.map((r) => r?.balance ?? null)).toEqual([1, 1, null, null, 0, null]);
    // AccountOpened is version 1 and the grant 2, so the accepted charges take 3, 4 (a) and 3 (b).
    expect(results.map((r) => r?.version ?? null)).toEqual([3, 3, null, null, 4, null]);
    const charged = async (id: string) =>
      (await readStream(db, accountStream(id))).filter((e) => e.type === 'CreditsCharged').map((e) => e.payload.request_id);
    expect(await charged(a)).toEqual(['req-0', 'req-4']);
    expect(await charged(b)).toEqual(['req-1']);
    expect(await findAccount(db, a)).toMatchObject({ balance: 0, credits_charged: 4, version: 4 });
    expect(await findAccount(db, b)).toMatchObject({ balance: 1, credits_charged: 1, version: 3 });
  });
});
