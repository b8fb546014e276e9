import { Database } from '@astro/database';
import { jobsProjection } from '@astro/jobs';
import { accountsProjection, chargeCredits, diffProjections, findAccount, rebuildProjections } from '@astro/ledger';
import { createAccount } from './support/harness';
import { createScratchDatabase, ScratchDatabase } from './support/scratch-database';

const PROJECTIONS = [accountsProjection, jobsProjection];
const CHARGES_PER_ROUND = 20;
let db: Database;
let scratch: ScratchDatabase;

// A database of its own: the rebuild folds only this file's log and swaps only its tables, so it
// neither slows with nor locks out the rest of the suite. A connection for every charge and the
// rebuild: what is tested is who loses a lock, not how long a queue for the pool may grow on a
// loaded machine (the pool gives up on a waiter after three seconds).
beforeAll(async () => {
  scratch = await createScratchDatabase('astro_rebuild');
  db = await Database.connect(scratch.url, { poolSize: CHARGES_PER_ROUND + 4, applicationName: 'astro-test-rebuild' });
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

describe('a projection rebuild while customers are charged', () => {
  // A charge locks its account row and then appends an event; the rebuild locks the log and then
  // the projection tables. When the two cross, the charge must not be the one that fails.
  it('never fails a charge (no deadlock victim among them), and leaves the projections equal to the log', async () => {
    const { accountId } = await createAccount(db, { credits: 10_000 });
    let charged = 0;
    for (let round = 0; round < 5; round++) {
      const charges = Array.from({ length: CHARGES_PER_ROUND }, (_, i) =>
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
