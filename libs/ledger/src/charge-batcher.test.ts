import { newId } from '@astro/contracts';
import { Database } from '@astro/database';
import { ChargeBatcher } from './charge-batcher';
import { accountStream, findAccount, grantCredits, openAccount } from './credits';
import { readStream } from './event-store';

// The batch statement's rule, checked by hand against the test database: charges apply in the
// order they were sent, each with its own balance check under the account's lock; a refused charge
// leaves no trace and a later, smaller charge of the same account may still pass.

let db: Database;
beforeAll(async () => {
  db = await Database.connect(process.env.TEST_DATABASE_ADMIN_URL!, { poolSize: 4, applicationName: 'charge-batcher-unit' });
});
afterAll(() => db?.close());

const META = { actor: 'test' };

async function account(credits: number): Promise<string> {
  const id = newId('account');
  await db.transaction((tx) => openAccount(tx, { id, name: 'unit', tier: 'pro' }, META));
  await grantCredits(db, id, credits, 'opening grant', META);
  return id;
}

describe('ChargeBatcher', () => {
  it('applies one batch over several accounts, interleaved and with an unknown one, in the order sent', async () => {
    const a = await account(4);
    const b = await account(2);
    const unknown = newId('account');
    const batcher = new ChargeBatcher(db);
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
