import * as fs from 'node:fs';
import * as path from 'node:path';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { startStallingWorker } from './support/stalling-worker-process';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, startWorker, TestApi } from './support/harness';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

it('does not lose or double-charge a face reading when its worker is killed while validating', async () => {
  const { config } = api;
  const stalling = await startStallingWorker(config, { STALL_ACTIVITY: 'validateVisualImages' });
  const { accountId, apiKey } = await createAccount(db, { credits: 100 });
  const photo = fs.readFileSync(path.join(__dirname, 'fixtures', 'visual', 'face-astronaut.png'));
  const created = await api.http.post(
    '/api/v3/visual-readings/uploads',
    { kind: 'face', content_type: 'image/png', byte_size: photo.length },
    { key: apiKey },
  );
  await api.http.request('PUT', created.body.upload_url, { raw: photo, contentType: 'image/png' });
  expect(
    (await api.http.post(`/api/v3/visual-readings/uploads/${created.body.upload_id}/complete`, undefined, { key: apiKey })).status,
  ).toBe(200);

  const queued = await api.http.post(
    '/api/v3/visual-readings/face/jobs',
    { upload_id: created.body.upload_id, sku: 'json', locale: 'en', subject_label: 'durable' },
    { key: apiKey },
  );
  expect(queued.status).toBe(202);
  await stalling.stalled;
  stalling.child.kill('SIGKILL');

  // A healthy worker on the same task queue takes the step over once its heartbeat times out (20 s).
  const rescuer = await startWorker(config, db);
  try {
    const result = await eventually(
      async () => {
        const response = await api.http.get(`/api/v3/visual-readings/jobs/${queued.body.job_id}`, { key: apiKey });
        return ['succeeded', 'failed'].includes(response.body.job?.status) ? response.body : undefined;
      },
      120_000,
      'the rescued job',
    );
    expect(result.job).toMatchObject({ status: 'succeeded', credits: 10, credits_refunded: 0 });
    expect(result.artifacts.json.status).toBe('ready');
    const ledger = await readStream(db, `account:${accountId}`);
    expect(ledger.filter((e) => e.type === 'CreditsCharged')).toHaveLength(1);
    expect(ledger.filter((e) => e.type === 'CreditsRefunded')).toHaveLength(0);
    const stages = (await readStream(db, `visual_job:${queued.body.job_id}`)).map((e) => e.payload.stage ?? e.type);
    expect(stages).toEqual(['VisualJobQueued', 'validating', 'analysing', 'rendering', 'delivering', 'VisualJobSucceeded']);
  } finally {
    await rescuer.stop();
  }
}, 180_000);
