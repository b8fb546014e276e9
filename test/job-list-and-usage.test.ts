import { ApplicationFailure } from '@temporalio/activity';
import { Database } from '@astro/database';
import { PRICES } from '@astro/contracts';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, TestApi } from './support/harness';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p), {
  // The real activities; a probe of 2001-09-09 fails for good, so its job is refunded.
  worker: (real) => ({
    ...real,
    async computePlanetsSnapshot(input) {
      if (input.dt.startsWith('2001-09-09')) throw ApplicationFailure.nonRetryable('injected compute failure', 'injected_failure');
      return real.computePlanetsSnapshot(input);
    },
  }),
});

const today = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function queueProbe(key: string, dt: string): Promise<string> {
  const queued = await api.http.post('/v1/pipeline-probes', { dt }, { key });
  expect(queued.status).toBe(202);
  return queued.body.job_id as string;
}

async function finished(jobId: string, key: string) {
  return eventually(
    async () => {
      const response = await api.http.get(`/api/v3/jobs/${jobId}`, { key });
      return ['succeeded', 'failed'].includes(response.body.status) ? response.body : undefined;
    },
    90_000,
    `job ${jobId} to finish`,
  );
}

describe('GET /api/v3/jobs: the account’s jobs, newest first', () => {
  it('lists every job once across pages, newest first, with filters, and only the caller’s', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const other = await createAccount(db, { credits: 10 });
    const ids: string[] = [];
    for (const day of ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'])
      ids.push(await queueProbe(apiKey, `${day}T00:00:00Z`));
    await queueProbe(other.apiKey, '2024-01-06T00:00:00Z');

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.http.get(`/api/v3/jobs?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: apiKey });
      expect(page.status).toBe(200);
      expect(page.body.jobs.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.jobs.map((job: { job_id: string }) => job.job_id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const first = (await api.http.get('/api/v3/jobs?limit=1', { key: apiKey })).body.jobs[0];
    expect(first).toEqual({
      job_id: ids[4],
      kind: 'pipeline_probe',
      status: expect.stringMatching(/^(queued|running|succeeded)$/),
      stage: expect.any(String),
      livemode: true,
      credits_charged: PRICES.pipeline_probe.credits,
      credits_refunded: 0,
      error_code: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      finished_at: first.finished_at,
      poll: `/api/v3/jobs/${ids[4]}`,
    });

    const byKind = await api.http.get('/api/v3/jobs?kind=pipeline_probe&livemode=true', { key: apiKey });
    expect(byKind.body.jobs).toHaveLength(5);
    expect((await api.http.get('/api/v3/jobs?kind=visual_face', { key: apiKey })).body.jobs).toEqual([]);
    expect((await api.http.get('/api/v3/jobs?livemode=false', { key: apiKey })).body.jobs).toEqual([]);
    const future = await api.http.get('/api/v3/jobs?created_from=2999-01-01', { key: apiKey });
    expect(future.body).toEqual({ jobs: [], next_cursor: null });
    const past = await api.http.get('/api/v3/jobs?created_to=2000-01-01T00:00:00Z', { key: apiKey });
    expect(past.body.jobs).toEqual([]);
    const sinceNow = await api.http.get(`/api/v3/jobs?created_from=${first.created_at}`, { key: apiKey });
    expect(sinceNow.body.jobs.map((job: { job_id: string }) => job.job_id)).toEqual([ids[4]]);

    const theirs = await api.http.get('/api/v3/jobs', { key: other.apiKey });
    expect(theirs.body.jobs).toHaveLength(1);
    expect(ids).not.toContain(theirs.body.jobs[0].job_id);

    // Succeeded and failed jobs are found by status once the worker has finished them.
    const failing = await queueProbe(apiKey, '2001-09-09T00:00:00Z');
    await finished(failing, apiKey);
    const failed = await api.http.get('/api/v3/jobs?status=failed', { key: apiKey });
    expect(failed.body.jobs).toEqual([
      expect.objectContaining({
        job_id: failing,
        status: 'failed',
        error_code: 'injected_failure',
        credits_refunded: PRICES.pipeline_probe.credits,
      }),
    ]);
  });

  it('answers a 400 naming the field for a bad filter or a forged cursor, and 401 without a credential', async () => {
    const { apiKey } = await createAccount(db, { credits: 1 });
    const cases: [string, string][] = [
      ['status=done', 'status'],
      ['kind=DROP%20TABLE', 'kind'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['livemode=yes', 'livemode'],
      ['created_from=2024-02-30', 'created_from'],
      ['created_from=2024-03-01&created_to=2024-02-01', 'created_to'],
      [`cursor=${Buffer.from('2024-01-01T00:00:00Z|brand_0123456789abcdef01234567').toString('base64url')}`, 'cursor'],
      ['cursor=!!', 'cursor'],
      ['colour=red', 'colour'],
    ];
    for (const [query, field] of cases) {
      const response = await api.http.get(`/api/v3/jobs?${query}`, { key: apiKey });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body.message).toContain(field);
    }
    expect((await api.http.get('/api/v3/jobs')).status).toBe(401);
  });
});

describe('GET /v1/account/usage: credits by day and operation, from the ledger', () => {
  it('counts charges and refunds of the period as the ledger records them, every day listed', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    expect((await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', { key: apiKey })).status).toBe(200);
    expect((await api.http.get('/v1/planets?dt=2024-03-21T12:00:00Z', { key: apiKey })).status).toBe(200);
    await finished(await queueProbe(apiKey, '2024-01-01T00:00:00Z'), apiKey);
    const failing = await queueProbe(apiKey, '2001-09-09T00:00:00Z');
    await finished(failing, apiKey);

    // The independent account of the same money: the ledger's own entries.
    const ledger = (await api.http.get('/v1/account/ledger?limit=50', { key: apiKey })).body.entries as { type: string; amount: number }[];
    const sum = (type: string) => ledger.filter((e) => e.type === type).reduce((total, e) => total + e.amount, 0);

    const usage = await api.http.get('/v1/account/usage', { key: apiKey });
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ account_id: accountId, to: today('UTC'), time_zone: 'UTC' });
    expect(usage.body.days).toHaveLength(30);
    expect(usage.body.days[0].date).toBe(usage.body.from);
    expect(usage.body.totals).toEqual({
      calls: 4,
      credits_charged: sum('CreditsCharged'),
      credits_refunded: sum('CreditsRefunded'),
      credits_used: sum('CreditsCharged') - sum('CreditsRefunded'),
    });
    const day = usage.body.days[29];
    expect(day.operations).toEqual([
      {
        operation: 'pipeline_probe',
        calls: 2,
        credits_charged: 2 * PRICES.pipeline_probe.credits,
        credits_refunded: PRICES.pipeline_probe.credits,
        credits_used: PRICES.pipeline_probe.credits,
      },
      {
        operation: 'planets',
        calls: 2,
        credits_charged: 2 * PRICES.planets.credits,
        credits_refunded: 0,
        credits_used: 2 * PRICES.planets.credits,
      },
    ]);
    expect(
      usage.body.days.slice(0, 29).every((d: { calls: number; operations: unknown[] }) => d.calls === 0 && d.operations.length === 0),
    ).toBe(true);

    // Days are the calendar days of the time zone asked for.
    const kiritimati = await api.http.get('/v1/account/usage?time_zone=Pacific/Kiritimati', { key: apiKey });
    expect(kiritimati.body.to).toBe(today('Pacific/Kiritimati'));
    expect(kiritimati.body.totals.calls).toBe(4);
    const past = await api.http.get('/v1/account/usage?from=2024-01-01&to=2024-01-31', { key: apiKey });
    expect(past.body.days).toHaveLength(31);
    expect(past.body.totals).toEqual({ calls: 0, credits_charged: 0, credits_refunded: 0, credits_used: 0 });
  });

  it('answers a 400 naming the field for a bad period or time zone', async () => {
    const { apiKey } = await createAccount(db, { credits: 1 });
    const cases: [string, string][] = [
      ['from=2024-02-30', 'from'],
      ['from=2024-03-02&to=2024-03-01', 'to'],
      ['from=2023-01-01&to=2024-12-31', 'to'],
      ['from=2000-01-01', 'from'],
      ['time_zone=Mars/Olympus', 'time_zone'],
      ['time_zone=%27%3B%20DROP', 'time_zone'],
    ];
    for (const [query, field] of cases) {
      const response = await api.http.get(`/v1/account/usage?${query}`, { key: apiKey });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body.message).toContain(field);
    }
  });
});
