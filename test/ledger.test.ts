import { randomBytes } from 'node:crypto';
import { Database } from '@astro/database';
import { jobsProjection, markJobFailed, markJobRunning, recordJobQueued, refundJob } from '@astro/jobs';
import {
  accountsProjection,
  appendToStream,
  chargeCredits,
  ConcurrencyError,
  diffProjections,
  findAccount,
  grantCredits,
  readStream,
  rebuildProjections,
} from '@astro/ledger';
import { connectTestDatabase, createAccount } from './support/harness';

const PROJECTIONS = [accountsProjection, jobsProjection];
let db: Database;

beforeAll(async () => {
  db = await connectTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('event log', () => {
  it('appends with optimistic concurrency on (stream_id, stream_version)', async () => {
    const stream = `test:${randomBytes(6).toString('hex')}`;
    const [first] = await appendToStream(db, stream, 0, [{ type: 'Opened', payload: { n: 1 } }]);
    expect(first.streamVersion).toBe(1);
    const more = await appendToStream(db, stream, 1, [
      { type: 'Touched', payload: { n: 2 } },
      { type: 'Touched', payload: { n: 3 } },
    ]);
    expect(more.map((e) => e.streamVersion)).toEqual([2, 3]);

    // A writer that read version 1 and appends after someone else wrote 2 and 3 is refused.
    await expect(appendToStream(db, stream, 1, [{ type: 'Late', payload: {} }])).rejects.toBeInstanceOf(ConcurrencyError);
    // Two concurrent appends at the same version: exactly one wins.
    const results = await Promise.allSettled([
      appendToStream(db, stream, 3, [{ type: 'Racer', payload: { who: 'a' } }]),
      appendToStream(db, stream, 3, [{ type: 'Racer', payload: { who: 'b' } }]),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((await readStream(db, stream)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['UPDATE', `UPDATE events SET payload = '{}'::jsonb WHERE position = (SELECT min(position) FROM events)`],
    ['DELETE', `DELETE FROM events WHERE position = (SELECT min(position) FROM events)`],
    ['TRUNCATE', `TRUNCATE events`],
  ])('rejects %s: the log is append-only', async (operation, sql) => {
    const before = await db.query<{ count: string }>('SELECT count(*) FROM events');
    await expect(db.query(sql)).rejects.toThrow(`events is append-only: ${operation} is not allowed`);
    const after = await db.query<{ count: string }>('SELECT count(*) FROM events');
    expect(Number(after[0].count)).toBeGreaterThanOrEqual(Number(before[0].count));
  });
});

describe('credits', () => {
  it('charges under a row lock: concurrent charges never overdraw', async () => {
    const { accountId } = await createAccount(db, { credits: 10 });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        chargeCredits(db, { accountId, operation: 'planets', amount: 1, requestId: `req_${i}` }, { actor: 'test' }),
      ),
    );
    expect(attempts.filter(Boolean)).toHaveLength(10);
    expect((await findAccount(db, accountId))!.balance).toBe(0);
    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges).toHaveLength(10);
    // Each successful charge got its own stream version, in order.
    expect(new Set(charges.map((e) => e.streamVersion)).size).toBe(10);
  });

  it('refunds a failed job exactly once, however often the refund is retried', async () => {
    const { accountId } = await createAccount(db, { credits: 50 });
    const jobId = `job_${randomBytes(12).toString('hex')}`;
    await db.transaction((tx) =>
      recordJobQueued(tx, { id: jobId, accountId, kind: 'pipeline_probe', operation: 'pipeline_probe', price: 7, requestId: 'req_x' }, {}),
    );
    await markJobRunning(db, jobId, 'computing');
    await markJobFailed(db, jobId, { errorCode: 'boom', message: 'failed on purpose' });
    const refunds = await Promise.all([refundJob(db, jobId, 'boom'), refundJob(db, jobId, 'boom'), refundJob(db, jobId, 'boom')]);
    expect(refunds.filter((r) => !r.alreadyRefunded)).toHaveLength(1);
    expect((await findAccount(db, accountId))!.balance).toBe(50);
    const refundEvents = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsRefunded');
    expect(refundEvents).toHaveLength(1);
    expect(refundEvents[0].payload).toMatchObject({ job_id: jobId, amount: 7, reason: 'boom' });
  });
});

describe('projections', () => {
  it('equal a fold of the log, and a rebuild reproduces the same rows', async () => {
    const { accountId } = await createAccount(db, { credits: 20, tier: 'free' });
    await grantCredits(db, accountId, 5, 'test grant', { actor: 'test' });
    await chargeCredits(db, { accountId, operation: 'planets', amount: 3, requestId: 'req_p' }, {});
    const jobId = `job_${randomBytes(12).toString('hex')}`;
    await db.transaction((tx) =>
      recordJobQueued(tx, { id: jobId, accountId, kind: 'pipeline_probe', operation: 'pipeline_probe', price: 2, requestId: 'req_j' }, {}),
    );
    await markJobRunning(db, jobId, 'computing');
    await markJobFailed(db, jobId, { errorCode: 'boom', message: 'x' });
    await refundJob(db, jobId, 'boom');

    expect(await diffProjections(db, PROJECTIONS)).toEqual([]);
    const before = await db.query(`SELECT * FROM accounts WHERE id = $1`, [accountId]);
    const jobBefore = await db.query(`SELECT * FROM jobs WHERE id = $1`, [jobId]);

    const summary = await rebuildProjections(db, PROJECTIONS);
    expect(summary.map((s) => s.table)).toEqual(['accounts', 'jobs']);
    expect(await db.query(`SELECT * FROM accounts WHERE id = $1`, [accountId])).toEqual(before);
    expect(await db.query(`SELECT * FROM jobs WHERE id = $1`, [jobId])).toEqual(jobBefore);
    expect(await diffProjections(db, PROJECTIONS)).toEqual([]);
    expect(before[0]).toMatchObject({ balance: '22', credits_granted: '25', credits_charged: '5', credits_refunded: '2' });
  });

  it('notices a projection row that disagrees with the log', async () => {
    const { accountId } = await createAccount(db, { credits: 5 });
    // Tamper with the read model only (the log cannot be changed); verification must see it.
    await db.query(`UPDATE accounts SET balance = balance + 1000 WHERE id = $1`, [accountId]);
    const differences = await diffProjections(db, PROJECTIONS);
    expect(differences).toEqual([expect.objectContaining({ table: 'accounts', key: accountId })]);
    await rebuildProjections(db, PROJECTIONS);
    expect((await findAccount(db, accountId))!.balance).toBe(5);
    expect(await diffProjections(db, PROJECTIONS)).toEqual([]);
  });
});
