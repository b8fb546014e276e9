import { ApplicationFailure } from '@temporalio/activity';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { reconcile } from '@astro/finance';
import { visualJobsProjection } from '@astro/jobs';
import { accountStream, diffProjections, readStream } from '@astro/ledger';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, TestApi } from './support/harness';

// The rule for deleting a job (docs/finance.md, "Deleting a job"): a job that has not finished is
// stopped and refunded its charge once, through the event log; a succeeded job keeps its charge.
// Checked end to end: the real API, the real worker, and the finance reconciliation.

let db: Database;
let api: TestApi;

/**
 * A rendering step that waits until the test lets it go, so that the test deletes a job that is
 * certainly running (no race with a fast worker). Released, it fails: the job was deleted by then.
 */
let releaseHeld: () => void = () => undefined;
const held = new Promise<void>((resolve) => (releaseHeld = resolve));

useTestPlatform(
  async (p) => {
    ({ db, api } = p);
  },
  {
    worker: (real) => ({
      ...real,
      async renderVisualReading(input) {
        if (input.subjectLabel !== 'HOLD-RENDER') return real.renderVisualReading(input);
        await held;
        throw ApplicationFailure.nonRetryable('released after its job was deleted', 'render_failed');
      },
    }),
  },
);

const face = fs.readFileSync(path.join(__dirname, 'fixtures', 'visual', 'face-astronaut.png'));
const balanceOf = async (apiKey: string): Promise<number> => (await api.http.get('/v1/account', { key: apiKey })).body.credits_balance;

async function upload(apiKey: string): Promise<string> {
  const bytes = await sharp(face).jpeg({ quality: 95 }).toBuffer();
  const created = await api.http.post(
    '/api/v3/visual-readings/uploads',
    { kind: 'face', content_type: 'image/jpeg', byte_size: bytes.length },
    { key: apiKey },
  );
  expect((await api.http.request('PUT', created.body.upload_url, { raw: bytes, contentType: 'image/jpeg' })).status).toBe(204);
  expect(
    (await api.http.post(`/api/v3/visual-readings/uploads/${created.body.upload_id}/complete`, undefined, { key: apiKey })).status,
  ).toBe(200);
  return created.body.upload_id;
}

const refundsOf = async (accountId: string, jobId: string) =>
  (await readStream(db, accountStream(accountId))).filter((e) => e.type === 'CreditsRefunded' && e.payload.job_id === jobId);

async function reconciled(accountId: string) {
  const report = await reconcile(db, { from: new Date(0), to: new Date(Date.now() + 60_000), accountId });
  return { ok: report.ok, violations: report.invariants.flatMap((i) => i.violations.map((v) => `${i.name}: ${v.detail}`)) };
}

async function deleteRunningJob(): Promise<void> {
  const { accountId, apiKey } = await createAccount(db, { credits: 1000 });
  const uploadId = await upload(apiKey);
  const before = await balanceOf(apiKey);
  const queued = await api.http.post(
    '/api/v3/visual-readings/face/jobs',
    { upload_id: uploadId, sku: 'branded', locale: 'en', subject_label: 'HOLD-RENDER' },
    { key: apiKey },
  );
  expect(queued.status).toBe(202);
  const jobId: string = queued.body.job_id;
  expect(await balanceOf(apiKey)).toBe(before - PRICES.visual_face_branded.credits);
  await eventually(
    async () => {
      const job = (await api.http.get(`/api/v3/visual-readings/jobs/${jobId}`, { key: apiKey })).body.job;
      return job?.status === 'running' && job.stage === 'rendering' ? job : undefined;
    },
    120_000,
    `job ${jobId} at its rendering step`,
  );

  expect((await api.http.request('DELETE', `/api/v3/visual-readings/jobs/${jobId}`, { key: apiKey })).status).toBe(204);
  const workflow = await api.handle.platform.temporal.client.workflow.getHandle(jobId).describe();
  expect(workflow.status.name).toBe('TERMINATED');
  expect(await balanceOf(apiKey)).toBe(before);
  const [row] = await db.query<{ status: string; error_code: string; credits_refunded: number }>(
    `SELECT status, error_code, credits_refunded FROM visual_jobs WHERE id = $1`,
    [jobId],
  );
  expect(row).toEqual({ status: 'failed', error_code: 'deleted', credits_refunded: PRICES.visual_face_branded.credits });
  expect((await refundsOf(accountId, jobId)).map((e) => e.payload)).toEqual([
    { job_id: jobId, amount: PRICES.visual_face_branded.credits, reason: 'deleted' },
  ]);

  // Deleted once is gone: a second delete is a 404 and moves no credits.
  expect((await api.http.request('DELETE', `/api/v3/visual-readings/jobs/${jobId}`, { key: apiKey })).status).toBe(404);
  expect(await balanceOf(apiKey)).toBe(before);
  expect(await refundsOf(accountId, jobId)).toHaveLength(1);

  expect(await reconciled(accountId)).toEqual({ ok: true, violations: [] });
  expect(await diffProjections(db, [visualJobsProjection])).toEqual([]);
}

describe('deleting a visual-reading job', () => {
  it('stops a running job and refunds its charge once; a second delete refunds nothing; the reconciliation holds', async () => {
    try {
      await deleteRunningJob();
    } finally {
      releaseHeld(); // the held step ends (it fails), so the worker can stop
    }
  });

  it('keeps the charge of a job that succeeded: its deletion only erases the data', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 1000 });
    const uploadId = await upload(apiKey);
    const before = await balanceOf(apiKey);
    const queued = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: uploadId, sku: 'json', locale: 'en', subject_label: 'delivered' },
      { key: apiKey },
    );
    const jobId: string = queued.body.job_id;
    await eventually(
      async () => {
        const job = (await api.http.get(`/api/v3/visual-readings/jobs/${jobId}`, { key: apiKey })).body.job;
        return job?.status === 'succeeded' ? job : undefined;
      },
      120_000,
      `job ${jobId} succeeded`,
    );
    expect((await api.http.request('DELETE', `/api/v3/visual-readings/jobs/${jobId}`, { key: apiKey })).status).toBe(204);
    expect(await balanceOf(apiKey)).toBe(before - PRICES.visual_face_json.credits);
    expect(await refundsOf(accountId, jobId)).toEqual([]);
    expect(await reconciled(accountId)).toEqual({ ok: true, violations: [] });
  });
});
