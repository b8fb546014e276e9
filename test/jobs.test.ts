import { ApplicationFailure, Context } from '@temporalio/activity';
import { Connection, Client } from '@temporalio/client';
import { payloadCodec } from '@astro/codec';
import { Database } from '@astro/database';
import { jobsProjection } from '@astro/jobs';
import { accountsProjection, diffProjections, readStream } from '@astro/ledger';
import { JobRecord, PRICES } from '@astro/contracts';
import { ACCOUNT_ID, JOB_KIND, OPERATION, PRICE_CREDITS, REQUEST_ID } from '@astro/search-attributes';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, TestApi } from './support/harness';

let db: Database;
let api: TestApi;
let refundAttempts: number[] = [];

useTestPlatform((p) => ({ db, api } = p), {
  // The real activities, with two faults injected around them: a compute step that fails for a
  // marked instant, and a refund whose first attempt crashes right after committing.
  worker: (real) => ({
    ...real,
    async computePlanetsSnapshot(input) {
      if (input.dt.startsWith('2001-09-09')) throw ApplicationFailure.nonRetryable('injected compute failure', 'injected_failure');
      return real.computePlanetsSnapshot(input);
    },
    async refundJob(input) {
      const result = await real.refundJob(input);
      refundAttempts.push(Context.current().info.attempt);
      if (Context.current().info.attempt === 1) throw new Error('injected crash after the refund committed');
      return result;
    },
  }),
});

async function finished(jobId: string, key: string): Promise<JobRecord> {
  return eventually(
    async () => {
      const response = await api.http.get(`/api/v3/jobs/${jobId}`, { key });
      expect(response.status).toBe(200);
      return ['succeeded', 'failed'].includes(response.body.status) ? (response.body as JobRecord) : undefined;
    },
    60_000,
    `job ${jobId} to finish`,
  );
}

describe('report job plumbing, end to end through the API, Temporal and the worker', () => {
  it('queues, charges once, runs, stores a signed artifact, and keeps tenancy', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-04-10T00:00:00Z' }, { key: apiKey });
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({
      job_id: expect.stringMatching(/^job_[a-f0-9]{24}$/),
      status: 'queued',
      poll: `/api/v3/jobs/${queued.body.job_id}`,
    });

    const job = await finished(queued.body.job_id, apiKey);
    expect(job).toMatchObject({
      job_id: queued.body.job_id,
      kind: 'pipeline_probe',
      status: 'succeeded',
      stage: 'done',
      credits_charged: 1,
      credits_refunded: 0,
      error_code: null,
    });
    expect(Date.parse(job.created_at)).toBeLessThanOrEqual(Date.parse(job.started_at!));
    expect(Date.parse(job.started_at!)).toBeLessThanOrEqual(Date.parse(job.finished_at!));

    // The artifact downloads through its signed link; a tampered or expired link is a 403.
    const artifact = job.artifacts.json;
    expect(artifact).toMatchObject({ status: 'ready', content_type: 'application/json', valid_for_seconds: 3600 });
    const download = await api.http.get(artifact.url);
    expect(download.status).toBe(200);
    expect(download.body.planets.find((p: { name: string }) => p.name === 'Sun').sign).toBe('Aries');
    // Change the signature's first character to a different one (replacing it with '0' is no change 1 time in 16).
    const tampered = artifact.url.replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(artifact.url);
    expect((await api.http.get(tampered)).status).toBe(403);
    const expired = api.handle.platform.artifactUrls.sign(job.job_id, accountId, 'snapshot.json', Date.now() - 2 * 3600_000).url;
    const expiredResponse = await api.http.get(expired);
    expect(expiredResponse.status).toBe(403);
    expect(expiredResponse.body.message).toContain('expired');

    // Another account cannot see the job; an unknown or malformed id is the same 404.
    const stranger = await createAccount(db);
    for (const id of [job.job_id, 'job_000000000000000000000000', 'not-a-job']) {
      const response = await api.http.get(`/api/v3/jobs/${id}`, { key: stranger.apiKey });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }

    const ledger = await readStream(db, `account:${accountId}`);
    expect(ledger.filter((e) => e.type === 'CreditsCharged')).toHaveLength(1);
    expect(ledger.filter((e) => e.type === 'CreditsRefunded')).toHaveLength(0);
    const jobEvents = (await readStream(db, `report_job:${job.job_id}`)).map((e) => e.type);
    expect(jobEvents).toEqual(['ReportJobQueued', 'ReportJobStarted', 'ReportJobStageChanged', 'ReportJobSucceeded']);
  });

  it('refunds a failed job exactly once even when the refund activity is retried', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    refundAttempts = [];
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2001-09-09T01:46:40Z' }, { key: apiKey });
    expect(queued.status).toBe(202);
    const job = await finished(queued.body.job_id, apiKey);
    expect(job).toMatchObject({
      status: 'failed',
      stage: 'failed',
      error_code: 'injected_failure',
      credits_charged: 1,
      credits_refunded: 1,
    });
    expect(job.artifacts).toEqual({});

    // The workflow has finished only after the retried refund returned.
    await eventually(async () => (refundAttempts.length >= 2 ? true : undefined), 30_000, 'the refund retry');
    expect(refundAttempts).toEqual([1, 2]);
    const ledger = await readStream(db, `account:${accountId}`);
    const refunds = ledger.filter((e) => e.type === 'CreditsRefunded');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].payload).toEqual({ job_id: job.job_id, amount: 1, reason: 'injected_failure' });
    expect((await api.http.get('/v1/account', { key: apiKey })).body).toMatchObject({
      credits_balance: 10,
      credits_charged: 1,
      credits_refunded: 1,
    });
  });

  it('honours Idempotency-Key: same body replays without a charge, another body is a 409', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const body = { dt: '2024-06-20T20:51:00Z' };
    const headers = { 'Idempotency-Key': `probe-${accountId}` };
    // Concurrent identical requests: one job, one charge.
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => api.http.post('/v1/pipeline-probes', body, { key: apiKey, headers })));
    expect([a.status, b.status, c.status]).toEqual([202, 202, 202]);
    expect(new Set([a.body.job_id, b.body.job_id, c.body.job_id]).size).toBe(1);
    expect([a, b, c].map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual([null, 'true', 'true']);
    const conflict = await api.http.post('/v1/pipeline-probes', { dt: '2024-06-21T00:00:00Z' }, { key: apiKey, headers });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('conflict');
    const charges = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
    expect(charges).toHaveLength(1);
    await finished(a.body.job_id, apiKey);
  });

  it('lets operators find the job in Temporal by its id and filter by account and kind', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-09-22T12:44:00Z' }, { key: apiKey });
    await finished(queued.body.job_id, apiKey);
    const connection = await Connection.connect({ address: api.config.temporal.address });
    try {
      // An operator's client decodes payloads with the platform's codec (docs/security.md).
      const client = new Client({ connection, dataConverter: { payloadCodecs: [payloadCodec(api.config)] } });
      const handle = client.workflow.getHandle(queued.body.job_id);
      expect(await handle.result()).toEqual({ status: 'succeeded' });
      const description = await handle.describe();
      expect(description.status.name).toBe('COMPLETED');
      // What an operator reads without the codec: search attributes (a memo would be encrypted).
      expect(description.typedSearchAttributes.get(ACCOUNT_ID)).toBe(accountId);
      expect(description.typedSearchAttributes.get(JOB_KIND)).toBe('pipeline_probe');
      expect(description.typedSearchAttributes.get(OPERATION)).toBe('pipeline_probe');
      expect(description.typedSearchAttributes.get(PRICE_CREDITS)).toBe(PRICES.pipeline_probe.credits);
      expect(description.typedSearchAttributes.get(REQUEST_ID)).toMatch(/.+/);
      expect(description.memo ?? {}).toEqual({});
      const found = await eventually(
        async () => {
          const ids: string[] = [];
          for await (const w of client.workflow.list({
            query: `AstroAccountId = "${accountId}" AND AstroJobKind = "pipeline_probe" AND AstroJobStage = "done" AND ExecutionStatus = "Completed"`,
          })) {
            ids.push(w.workflowId);
          }
          return ids.length > 0 ? ids : undefined;
        },
        20_000,
        'the visibility record',
      );
      expect(found).toEqual([queued.body.job_id]);
    } finally {
      await connection.close();
    }
  });

  it('leaves projections equal to a fold of the event log', async () => {
    expect(await diffProjections(db, [accountsProjection, jobsProjection])).toEqual([]);
  });
});
