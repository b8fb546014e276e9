import { Database } from '@astro/database';
import { connectTestDatabase } from './support/harness';

describe('the connections of the platform (Database.connect)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await connectTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  // At 10 M events the planner's estimate for the job id index passed jit_above_cost, and jobs:show's
  // 0.1 ms lookup compiled for 7 ms first (docs/benchmarks.md, ledger-growth at 10 M).
  it('run without JIT compilation, on every connection of the pool', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => tx.query<{ jit: string }>(`SHOW jit`))));
    expect(answers.map(([row]) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
