import { Database } from '@astro/database';
import { jobsProjection } from '@astro/jobs';
import { accountsProjection, chargeCredits, diffProjections, findAccount, rebuildProjections } from '@astro/ledger';
import { createAccount } from './support/harness';

const PROJECTIONS = [accountsProjection, jobsProjection];
let db: Database;

beforeAll(async () => {
  db = await Database.connect(process.env.TEST_DATABASE_ADMIN_URL!, { poolSize: 12, applicationName: 'astro-test-rebuild' });
});
afterAll(async () => {
  await db.close();
});

describe('a projection rebuild while customers are charged', () => {
  // A charge locks its account row and then appends an event; the rebuild locks the log and then
  // the projection tables. When the two cross, the charge must not be the one that fails.
  it('never fails a charge (no deadlock victim among them), and leaves the projections equal to the log', async () => {
    const { accountId } = await createAccount(db, { credits: 10_000 });
    let charged = 0;
    for (let round = 0; round < 5; round++) {
      const charges = Array.from({ length: 20 }, (_, i) =>
        chargeCredits(db, { accountId, operation: 'planets', amount: 1, requestId: `req_rebuild_${round}_${i}` }, {}),
      );
      const [results] = await Promise.all([Promise.all(charges), rebuildProjections(db, PROJECTIONS)]);
      expect(results.every((r) => r !== null)).toBe(true);
      charged += results.length;
    }
    expect((await findAccount(db, accountId))!.balance).toBe(10_000 - charged);
    expect(await diffProjections(db, PROJECTIONS)).toEqual([]);
  });
});
