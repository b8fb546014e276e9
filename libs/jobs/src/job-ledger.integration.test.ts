import { newId } from '@astro/contracts';
import { Database } from '@astro/database';
import { accountStream, findAccount, grantCredits, openAccount, readStream } from '@astro/ledger';
import {
  bookOf,
  findJob,
  InsufficientCreditsError,
  jobStream,
  JobNotRecordedError,
  markJobErased,
  markJobFailed,
  markJobRunning,
  markJobSucceeded,
  recordJobQueued,
  refundJob,
  REPORT_JOBS,
  setJobStage,
  VISUAL_JOBS,
} from './job-ledger';

// The job ledger against the test database of `npm test`: a job's transitions happen once however
// often an activity retries them, and its refund happens exactly once.

let db: Database;
beforeAll(async () => {
  db = await Database.connect(process.env.TEST_DATABASE_ADMIN_URL!, { poolSize: 8, applicationName: 'job-ledger-unit' });
});
afterAll(() => db?.close());

const META = { actor: 'test' };

async function account(credits: number): Promise<string> {
  const id = newId('account');
  await db.transaction((tx) => openAccount(tx, { id, name: 'unit', tier: 'pro' }, META));
  await grantCredits(db, id, credits, 'opening grant', META);
  return id;
}

async function queuedJob(
  accountId: string,
  price = 30,
  kind: 'job' | 'visualJob' = 'job',
  extra?: Record<string, unknown>,
): Promise<string> {
  const id = newId(kind);
  await db.transaction((tx) =>
    recordJobQueued(tx, { id, accountId, kind: 'solar_return', operation: 'report_solar_return', price, requestId: 'req-1', extra }, META),
  );
  return id;
}

const jobEvents = async (jobId: string) => (await readStream(db, jobStream(jobId))).map((e) => e.type);
const balanceOf = async (accountId: string) => (await findAccount(db, accountId))!.balance;

describe('books', () => {
  it('keeps report jobs and visual readings apart by their id prefix', () => {
    expect(bookOf('job_000000000000000000000001')).toBe(REPORT_JOBS);
    expect(bookOf('vrj_000000000000000000000001')).toBe(VISUAL_JOBS);
    expect(jobStream('job_1')).toBe('report_job:job_1');
    expect(jobStream('vrj_1')).toBe('visual_job:vrj_1');
  });
});

describe('recordJobQueued', () => {
  it("charges the price and records the job as queued, in the caller's transaction", async () => {
    const accountId = await account(100);
    const jobId = await queuedJob(accountId);
    expect(await balanceOf(accountId)).toBe(70);
    expect(await findJob(db, jobId)).toMatchObject({
      id: jobId,
      account_id: accountId,
      status: 'queued',
      stage: 'queued',
      credits_charged: 30,
      credits_refunded: 0,
      version: 1,
    });
    const [queued] = await readStream(db, jobStream(jobId));
    expect(queued).toMatchObject({
      type: 'ReportJobQueued',
      payload: { job_id: jobId, account_id: accountId, kind: 'solar_return', credits_charged: 30, request_id: 'req-1' },
    });
    const charge = (await readStream(db, accountStream(accountId))).at(-1)!;
    expect(charge.payload).toMatchObject({ operation: 'report_solar_return', amount: 30, job_id: jobId });
  });

  it("keeps a visual reading's own columns, and refuses a column its book does not have", async () => {
    const accountId = await account(100);
    const jobId = await queuedJob(accountId, 10, 'visualJob', {
      family: 'face',
      sku: 'json',
      locale: 'th',
      subject_label: 'x',
      upload_ids: { face: 'vup_1' },
    });
    expect(await findJob(db, jobId)).toMatchObject({
      status: 'queued',
      family: 'face',
      sku: 'json',
      locale: 'th',
      upload_ids: { face: 'vup_1' },
      erased_at: null,
    });
    await expect(queuedJob(accountId, 10, 'job', { family: 'face' })).rejects.toThrow(/jobs has no column family/);
    expect(await balanceOf(accountId)).toBe(90);
  });

  it('writes nothing when the balance is too low', async () => {
    const accountId = await account(20);
    const id = newId('job');
    const attempt = db.transaction((tx) =>
      recordJobQueued(tx, { id, accountId, kind: 'solar_return', operation: 'report_solar_return', price: 30, requestId: 'r' }, META),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await findJob(db, id)).toBeNull();
    expect(await jobEvents(id)).toEqual([]);
    expect(await balanceOf(accountId)).toBe(20);
  });
});

describe('transitions', () => {
  it('records each transition once however often it is retried', async () => {
    const jobId = await queuedJob(await account(100));
    await markJobRunning(db, jobId, 'computing');
    await markJobRunning(db, jobId, 'computing');
    await setJobStage(db, jobId, 'rendering');
    await setJobStage(db, jobId, 'rendering');
    const artifacts = { pdf: { key: `${jobId}/report.pdf`, content_type: 'application/pdf', bytes: 10, sha256: 'ab' } };
    await markJobSucceeded(db, jobId, artifacts, {}, ['logo skipped']);
    await markJobSucceeded(db, jobId, artifacts);
    await markJobFailed(db, jobId, { errorCode: 'late', message: 'a failure after success changes nothing' });
    expect(await jobEvents(jobId)).toEqual(['ReportJobQueued', 'ReportJobStarted', 'ReportJobStageChanged', 'ReportJobSucceeded']);
    expect(await findJob(db, jobId)).toMatchObject({
      status: 'succeeded',
      stage: 'done',
      artifacts,
      warnings: ['logo skipped'],
      error_code: null,
      version: 4,
    });
  });

  it('says so when the job was never recorded (its queueing transaction rolled back)', async () => {
    await expect(markJobRunning(db, newId('job'), 'computing')).rejects.toBeInstanceOf(JobNotRecordedError);
    await expect(refundJob(db, newId('job'), 'x')).rejects.toBeInstanceOf(JobNotRecordedError);
  });
});

describe('refundJob', () => {
  it('refunds a failed job exactly once, even when five attempts race', async () => {
    const accountId = await account(100);
    const jobId = await queuedJob(accountId);
    await markJobRunning(db, jobId, 'rendering');
    const results = await Promise.all(Array.from({ length: 5 }, () => refundJob(db, jobId, 'render_failed')));
    expect(results.filter((r) => !r.alreadyRefunded)).toEqual([{ refunded: 30, alreadyRefunded: false }]);
    expect(results.filter((r) => r.alreadyRefunded)).toHaveLength(4);
    await markJobFailed(db, jobId, { errorCode: 'render_failed', message: 'Chromium crashed' });
    expect(await balanceOf(accountId)).toBe(100);
    const refunds = (await readStream(db, accountStream(accountId))).filter((e) => e.type === 'CreditsRefunded');
    expect(refunds.map((e) => e.payload)).toEqual([{ job_id: jobId, amount: 30, reason: 'render_failed' }]);
    expect(await findJob(db, jobId)).toMatchObject({
      status: 'failed',
      credits_charged: 30,
      credits_refunded: 30,
      error_code: 'render_failed',
    });
  });

  it('has nothing to give back for a job that was charged nothing', async () => {
    const accountId = await account(5);
    const jobId = await queuedJob(accountId, 0);
    expect(await refundJob(db, jobId, 'x')).toEqual({ refunded: 0, alreadyRefunded: true });
    expect((await readStream(db, accountStream(accountId))).map((e) => e.type)).not.toContain('CreditsRefunded');
  });
});

describe('markJobErased', () => {
  const reading = (accountId: string) =>
    queuedJob(accountId, 10, 'visualJob', { family: 'face', sku: 'json', locale: 'en', subject_label: 'x', upload_ids: {} });
  const refundsOf = async (accountId: string, jobId: string) =>
    (await readStream(db, accountStream(accountId))).filter((e) => e.type === 'CreditsRefunded' && e.payload.job_id === jobId);

  it('ends a running reading as failed with `deleted`, forgets its artifacts and refunds its charge, once', async () => {
    const accountId = await account(100);
    const jobId = await reading(accountId);
    await markJobRunning(db, jobId, 'analysing');
    await markJobErased(db, jobId, META);
    await markJobErased(db, jobId, META);
    expect(await jobEvents(jobId)).toEqual(['VisualJobQueued', 'VisualJobStarted', 'VisualJobErased']);
    const erased = await findJob(db, jobId);
    expect(erased).toMatchObject({ status: 'failed', stage: 'failed', error_code: 'deleted', artifacts: {}, credits_refunded: 10 });
    expect(erased!.erased_at).toBeInstanceOf(Date);
    expect(await balanceOf(accountId)).toBe(100);
    expect((await refundsOf(accountId, jobId)).map((e) => [e.payload.amount, e.payload.reason])).toEqual([[10, 'deleted']]);
    // The workflow's own refund, had it still been on its way, finds the refund made.
    expect(await refundJob(db, jobId, 'failed')).toEqual({ refunded: 10, alreadyRefunded: true });
    expect(await balanceOf(accountId)).toBe(100);
  });

  it('keeps the charge of a reading that succeeded, and refunds a failed one only if nothing refunded it yet', async () => {
    const accountId = await account(100);
    const delivered = await reading(accountId);
    await markJobSucceeded(db, delivered, {}, META);
    await markJobErased(db, delivered, META);
    expect(await findJob(db, delivered)).toMatchObject({ status: 'succeeded', credits_refunded: 0 });
    expect(await refundsOf(accountId, delivered)).toEqual([]);

    const refunded = await reading(accountId);
    await markJobFailed(db, refunded, { errorCode: 'render_failed', message: 'x' }, META);
    await refundJob(db, refunded, 'render_failed', META);
    await markJobErased(db, refunded, META);
    expect(await refundsOf(accountId, refunded)).toHaveLength(1);

    const refundPending = await reading(accountId);
    await markJobFailed(db, refundPending, { errorCode: 'render_failed', message: 'x' }, META);
    await markJobErased(db, refundPending, META);
    expect(await refundJob(db, refundPending, 'render_failed', META)).toEqual({ refunded: 10, alreadyRefunded: true });
    expect(await refundsOf(accountId, refundPending)).toHaveLength(1);
    expect(await balanceOf(accountId)).toBe(90);
  });

  it('refunds once when two erasures race', async () => {
    const accountId = await account(100);
    const jobId = await reading(accountId);
    await Promise.all([markJobErased(db, jobId, META), markJobErased(db, jobId, META), refundJob(db, jobId, 'failed', META)]);
    expect(await refundsOf(accountId, jobId)).toHaveLength(1);
    expect(await balanceOf(accountId)).toBe(100);
  });
});
