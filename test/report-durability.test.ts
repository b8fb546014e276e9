import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { startStallingWorker } from './support/stalling-worker-process';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, startWorker, TestApi } from './support/harness';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

it('does not lose or double-charge a report when its worker is killed mid-render', async () => {
  const { config } = api;
  const stalling = await startStallingWorker(config);
  const { accountId, apiKey } = await createAccount(db, { credits: 100 });

  const queued = await api.http.post(
    '/api/v3/reports/solar-return/pdf',
    {
      birth_subject: { date: '1984-02-29', time: '23:10', latitude: 40.4168, longitude: -3.7038, timezoneOffsetMinutes: 60 },
      target_year: 2025,
      name: 'Lucía',
    },
    { key: apiKey },
  );
  expect(queued.status).toBe(202);
  await stalling.stalled;
  stalling.child.kill('SIGKILL');

  // A healthy worker on the same task queue takes over once the render attempt's heartbeat times out.
  const rescuer = await startWorker(config, db);
  try {
    const job = await eventually(
      async () => {
        const response = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: apiKey });
        return ['succeeded', 'failed'].includes(response.body.status) ? response.body : undefined;
      },
      120_000,
      'the rescued job',
    );
    expect(job).toMatchObject({ status: 'succeeded', credits_charged: 30, credits_refunded: 0 });
    expect(job.artifacts.pdf.status).toBe('ready');
    const ledger = await readStream(db, `account:${accountId}`);
    expect(ledger.filter((e) => e.type === 'CreditsCharged')).toHaveLength(1);
    expect(ledger.filter((e) => e.type === 'CreditsRefunded')).toHaveLength(0);
    const jobEvents = (await readStream(db, `report_job:${job.job_id}`)).map((e) => e.type);
    expect(jobEvents).toEqual(['ReportJobQueued', 'ReportJobStarted', 'ReportJobStageChanged', 'ReportJobSucceeded']);
  } finally {
    await rescuer.stop();
  }
}, 180_000);
