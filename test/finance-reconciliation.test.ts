import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Database } from '@astro/database';
import { InvariantName, reconcile, Reconciliation } from '@astro/finance';
import { jobStream, markJobFailed, markJobRunning, markJobSucceeded, recordJobQueued, refundJob } from '@astro/jobs';
import { accountStream, appendToStream, chargeCredits, readStream, refundCredits } from '@astro/ledger';
import { createAccount } from './support/harness';
import { createScratchDatabase, ScratchDatabase } from './support/scratch-database';

/**
 * The reconciliation runs over a scratch database of its own: a planted violation is permanent (the
 * log is append-only) and the invariants are global, so it must not share the log of other tests.
 */
const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');
const WHOLE_HISTORY = { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') };
let db: Database;
let scratch: ScratchDatabase;
let scratchUrl: string;

beforeAll(async () => {
  scratch = await createScratchDatabase('astro_finance');
  scratchUrl = scratch.url;
  db = await Database.connect(scratchUrl, { poolSize: 10, applicationName: 'astro-finance-test' });
});

afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

/** The CLI exactly as `npm run cli -- …` runs it, against the scratch database. */
async function cli(...args: string[]): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'apps/cli/src/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: scratchUrl },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; code: number };
    return { stdout: e.stdout, code: e.code };
  }
}

let jobCounter = 0;
const newJobId = () => `job_${randomBytes(8).toString('hex')}${(jobCounter++).toString(16).padStart(8, '0')}`;

async function queueJob(accountId: string, price = 5): Promise<string> {
  const id = newJobId();
  await db.transaction((tx) =>
    recordJobQueued(
      tx,
      { id, accountId, kind: 'report_natal', operation: 'report_natal', price, requestId: `req_${id}` },
      { actor: 'test' },
    ),
  );
  await markJobRunning(db, id, 'rendering');
  return id;
}

async function failAndRefund(jobId: string): Promise<void> {
  await markJobFailed(db, jobId, { errorCode: 'render_failed', message: 'planted failure' });
  await refundJob(db, jobId, 'job failed');
}

function violationsOf(report: Reconciliation, name: InvariantName) {
  return report.invariants.find((i) => i.name === name)!.violations;
}

async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

describe('finance reconciliation', () => {
  it('reports zero violations over thousands of mixed jobs and synchronous charges, and the CLI equals the library', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => createAccount(db, { credits: 100_000 })));
    const plan = Array.from({ length: 2_000 }, (_, i) => ({
      accountId: accounts[i % accounts.length].accountId,
      outcome: i % 7 === 0 ? 'fail' : i % 3 === 0 ? 'sync' : 'succeed',
    }));
    await inBatches(plan, 16, async ({ accountId, outcome }) => {
      if (outcome === 'sync') {
        await chargeCredits(
          db,
          { accountId, operation: 'natal_chart', amount: 1, requestId: `req_${randomBytes(6).toString('hex')}` },
          { actor: 'test' },
        );
        return;
      }
      const jobId = await queueJob(accountId);
      if (outcome === 'fail') await failAndRefund(jobId);
      else await markJobSucceeded(db, jobId, {});
    });

    const report = await reconcile(db, WHOLE_HISTORY);
    expect(report.invariants.filter((i) => !i.ok)).toEqual([]);
    expect(report.invariants.every((i) => i.checked)).toBe(true);
    const failed = plan.filter((p) => p.outcome === 'fail').length;
    const jobs = plan.filter((p) => p.outcome !== 'sync').length;
    const sync = plan.length - jobs;
    expect(report.jobs).toHaveLength(jobs);
    expect(report.jobs.filter((j) => j.status === 'failed')).toHaveLength(failed);
    expect(report.totals).toEqual({
      granted: 800_000,
      charged: jobs * 5 + sync,
      refunded: failed * 5,
      net: 800_000 - jobs * 5 - sync + failed * 5,
    });

    const viaCli = await cli('finance:reconcile', '--from', '2000-01-01', '--to', '2100-01-01', '--format', 'json');
    expect(viaCli.code).toBe(0);
    expect(JSON.parse(viaCli.stdout)).toEqual(report);
    const csv = await cli('finance:reconcile', '--from', '2000-01-01', '--to', '2100-01-01', '--format', 'csv');
    expect(csv.stdout.split('\r\n').filter((line) => line.startsWith('job,'))).toHaveLength(jobs);

    const oneAccount = accounts[0].accountId;
    const scoped = await reconcile(db, { ...WHOLE_HISTORY, accountId: oneAccount });
    expect(scoped.ok).toBe(true);
    expect(new Set(scoped.operations.map((o) => o.account_id))).toEqual(new Set([oneAccount]));

    // Bounded by structure: with the fold told to drop its settled jobs above 50, what it holds
    // after any page of 100 events is at most 150 jobs and no job line, for one account's 170-odd
    // jobs as for all 1,700-odd; every line went to the store and the report is the same.
    const PRUNE = 50;
    const PAGE = 100;
    const held = async (accountId?: string) => {
      let jobsHeld = 0;
      const lowered = await reconcile(
        db,
        { ...WHOLE_HISTORY, accountId },
        {
          pruneAbove: PRUNE,
          pageSize: PAGE,
          onRetained: (retained) => {
            jobsHeld = Math.max(jobsHeld, retained.jobs);
            expect(retained.settledLines).toBe(0);
            expect(retained.violations).toBe(0);
          },
        },
      );
      return { jobsHeld, lowered };
    };
    const whole = await held();
    expect(whole.lowered).toEqual(report);
    const one = await held(oneAccount);
    expect(one.lowered).toEqual(scoped);
    for (const { jobsHeld } of [whole, one]) expect(jobsHeld).toBeLessThanOrEqual(PRUNE + PAGE);
    expect(report.jobs.length).toBeGreaterThan(5 * scoped.jobs.length);
    expect(scoped.jobs.length).toBeGreaterThan(PRUNE + PAGE);

    // A period in the past is folded too, but the projection (today's state) is not compared.
    const past = await reconcile(db, { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2001-01-01T00:00:00Z') });
    expect(past.events_read).toBe(0);
    expect(past.invariants.find((i) => i.name === 'account_projection_equals_fold')!.checked).toBe(false);
  }, 240_000);

  it('names every planted violation, and the CLI exits 1 with the same report', async () => {
    // Each violation is written through the ledger's event store, in an account of its own.
    const unrefunded = await createAccount(db, { credits: 100 });
    const unrefundedJob = await queueJob(unrefunded.accountId);
    await markJobFailed(db, unrefundedJob, { errorCode: 'render_failed', message: 'never refunded' });

    const twice = await createAccount(db, { credits: 100 });
    const twiceJob = await queueJob(twice.accountId);
    await failAndRefund(twiceJob);
    await refundCredits(db, { accountId: twice.accountId, jobId: twiceJob, amount: 5, reason: 'planted second refund' }, { actor: 'test' });

    const ghost = await createAccount(db, { credits: 100 });
    await refundCredits(
      db,
      { accountId: ghost.accountId, jobId: 'job_ghost000000000000000000', amount: 7, reason: 'planted' },
      { actor: 'test' },
    );

    const above = await createAccount(db, { credits: 100 });
    const aboveJob = await queueJob(above.accountId);
    await markJobFailed(db, aboveJob, { errorCode: 'render_failed', message: 'over-refunded' });
    await refundCredits(db, { accountId: above.accountId, jobId: aboveJob, amount: 9, reason: 'planted' }, { actor: 'test' });

    const succeeded = await createAccount(db, { credits: 100 });
    const succeededJob = await queueJob(succeeded.accountId);
    await markJobSucceeded(db, succeededJob, {});
    await refundCredits(db, { accountId: succeeded.accountId, jobId: succeededJob, amount: 5, reason: 'planted' }, { actor: 'test' });

    const noRequest = await createAccount(db, { credits: 100 });
    await chargeCredits(db, { accountId: noRequest.accountId, operation: 'natal_chart', amount: 1, requestId: '' }, { actor: 'test' });

    // A retry that did not charge back the refund of its failed attempt, and then succeeded: a free rerun.
    const freeRetry = await createAccount(db, { credits: 100 });
    const freeRetryJob = await queueJob(freeRetry.accountId);
    await failAndRefund(freeRetryJob);
    await appendToStream(db, jobStream(freeRetryJob), (await readStream(db, jobStream(freeRetryJob))).length, [
      { type: 'ReportJobRetried', payload: { attempt: 2, credits_recharged: 0 }, metadata: { actor: 'test' } },
      { type: 'ReportJobSucceeded', payload: { artifacts: {}, warnings: [] }, metadata: { actor: 'test' } },
    ]);
    // A retry charged back twice.
    const doubleRetry = await createAccount(db, { credits: 100 });
    const doubleRetryJob = await queueJob(doubleRetry.accountId);
    await failAndRefund(doubleRetryJob);
    for (let i = 0; i < 2; i++) {
      await chargeCredits(
        db,
        {
          accountId: doubleRetry.accountId,
          operation: 'report_natal',
          amount: 5,
          requestId: `retry:${doubleRetryJob}:2`,
          jobId: doubleRetryJob,
          attempt: 2,
        },
        { actor: 'test' },
      );
    }
    await appendToStream(db, jobStream(doubleRetryJob), (await readStream(db, jobStream(doubleRetryJob))).length, [
      { type: 'ReportJobRetried', payload: { attempt: 2, credits_recharged: 5 }, metadata: { actor: 'test' } },
    ]);

    // A grant appended to the account's stream without moving the projection.
    const drifted = await createAccount(db, { credits: 100 });
    const stream = await readStream(db, accountStream(drifted.accountId));
    await appendToStream(db, accountStream(drifted.accountId), stream.length, [
      { type: 'CreditsGranted', payload: { amount: 50, reason: 'planted: event without projection' }, metadata: { actor: 'test' } },
    ]);

    const report = await reconcile(db, WHOLE_HISTORY);
    expect(report.ok).toBe(false);
    const accountsIn = (name: InvariantName) => violationsOf(report, name).map((v) => v.account_id);
    expect(
      violationsOf(report, 'failed_job_refunded_once')
        .map((v) => v.job_id)
        .sort(),
    ).toEqual([unrefundedJob, twiceJob, aboveJob].sort());
    expect(accountsIn('no_refund_without_charge')).toEqual([ghost.accountId]);
    expect(
      violationsOf(report, 'no_refund_above_charge')
        .map((v) => v.job_id)
        .sort(),
    ).toEqual([twiceJob, aboveJob].sort());
    expect(violationsOf(report, 'no_succeeded_job_refunded').map((v) => v.job_id)).toEqual([succeededJob]);
    expect(
      violationsOf(report, 'retry_charged_back_its_refund')
        .map((v) => v.job_id)
        .sort(),
    ).toEqual([freeRetryJob, doubleRetryJob].sort());
    expect(violationsOf(report, 'retry_charged_back_its_refund').find((v) => v.job_id === doubleRetryJob)!.detail).toBe(
      'attempt 2 charged 10 in 2 charge(s); the refund of attempt 1 was 5',
    );
    expect(accountsIn('sync_charge_has_request_id')).toEqual([noRequest.accountId]);
    expect(accountsIn('account_projection_equals_fold')).toEqual([drifted.accountId]);
    expect(violationsOf(report, 'balances_equal_grants_charges_refunds')).toHaveLength(1);
    expect(violationsOf(report, 'balances_equal_grants_charges_refunds')[0].detail).toMatch(/balances sum to \d+; grants \d+/);

    // Scoped to one account, only that account's violations show.
    const scoped = await reconcile(db, { ...WHOLE_HISTORY, accountId: succeeded.accountId });
    expect(scoped.invariants.filter((i) => !i.ok).map((i) => i.name)).toEqual(['no_succeeded_job_refunded']);

    const viaCli = await cli('finance:reconcile', '--from', '2000-01-01', '--to', '2100-01-01', '--format', 'json');
    expect(viaCli.code).toBe(1);
    expect(JSON.parse(viaCli.stdout)).toEqual(report);
    const asTable = await cli('finance:reconcile', '--from', '2000-01-01', '--to', '2100-01-01', '--account', succeeded.accountId);
    expect(asTable.code).toBe(1);
    expect(asTable.stdout).toContain(`✗ no job both succeeded and refunded: FAILED: 1 violation(s)`);
    expect(asTable.stdout).toContain(succeededJob);
    const asCsv = await cli(
      'finance:reconcile',
      '--from',
      '2000-01-01',
      '--to',
      '2100-01-01',
      '--account',
      noRequest.accountId,
      '--format',
      'csv',
    );
    expect(asCsv.stdout.split('\r\n')[0]).toBe(
      'section,account_id,operation_or_job,kind_or_invariant,granted,charged,refunded,net_or_refunds,status_or_detail',
    );
    expect(asCsv.stdout).toContain('violation,' + noRequest.accountId);
  }, 120_000);
});
