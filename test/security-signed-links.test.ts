import { createHmac } from 'node:crypto';
import { Database } from '@astro/database';
import { JobRecord } from '@astro/contracts';
import { ArtifactUrlSigner } from '@astro/jobs';
import { createAccount, eventually, startApi, startWorker, testConfig, TestApi, TestWorker } from './support/harness';
import { useTestDatabase } from './support/fixture';

let db: Database;
useTestDatabase((connected) => (db = connected));

describe('signed links cannot be forged or stretched', () => {
  let api: TestApi;
  let worker: TestWorker;
  let job: JobRecord;
  let owner: { accountId: string; apiKey: string };
  const secret = 'link-secret-for-this-test-0123456789';
  const previous = 'the-secret-before-the-rotation-000000';

  beforeAll(async () => {
    const config = testConfig({ ARTIFACT_URL_SECRET: secret, ARTIFACT_URL_PREVIOUS_SECRET: previous });
    api = await startApi(config);
    worker = await startWorker(config, db);
    owner = await createAccount(db, { credits: 10 });
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-04-10T00:00:00Z' }, { key: owner.apiKey });
    job = await eventually(
      async () => {
        const response = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: owner.apiKey });
        return response.body.status === 'succeeded' ? (response.body as JobRecord) : undefined;
      },
      60_000,
      'the probe job',
    );
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  const path = () => `/v1/artifacts/${job.job_id}/snapshot.json`;

  it('serves a valid link', async () => {
    expect((await api.http.get(job.artifacts.json!.url!)).status).toBe(200);
  });

  it('refuses a link signed the old way with the default string that was in the public source', async () => {
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = createHmac('sha256', 'dev-only-artifact-secret-change-me')
      .update(`${job.job_id}/snapshot.json:${expires}`)
      .digest('hex');
    const response = await api.http.get(`${path()}?expires=${expires}&signature=${signature}`);
    expect([response.status, response.body.code]).toEqual([403, '403']);
  });

  it('refuses a far-future expiry even with a correct signature', async () => {
    const forger = new ArtifactUrlSigner({ current: secret }, 10 * 365 * 24 * 3600, 100 * 365 * 24 * 3600);
    const response = await api.http.get(forger.sign(job.job_id, owner.accountId, 'snapshot.json').url);
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/lifetime longer than the maximum/);
  });

  it("refuses a link moved to another tenant: signed for account B, or with B's job id in A's link", async () => {
    const other = await createAccount(db);
    const signer = new ArtifactUrlSigner({ current: secret }, 600);
    expect((await api.http.get(signer.sign(job.job_id, other.accountId, 'snapshot.json').url)).status).toBe(403);
    const swapped = job.artifacts.json!.url!.replace(job.job_id, 'job_0123456789abcdef01234567');
    expect((await api.http.get(swapped)).status).toBe(403);
  });

  it('keeps links of the previous secret valid until they expire (rotation)', async () => {
    const before = new ArtifactUrlSigner({ current: previous }, 600);
    expect((await api.http.get(before.sign(job.job_id, owner.accountId, 'snapshot.json').url)).status).toBe(200);
    const expired = before.sign(job.job_id, owner.accountId, 'snapshot.json', Date.now() - 3600_000);
    expect((await api.http.get(expired.url)).status).toBe(403);
  });

  it("refuses an upload PUT link that claims more than 15 minutes, and one used with another method's signature", async () => {
    const created = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'face', content_type: 'image/jpeg', byte_size: 4 },
      { key: owner.apiKey },
    );
    expect(created.status).toBe(201);
    const forger = new ArtifactUrlSigner({ current: secret }, 600);
    const longLived = forger.signUpload(created.body.upload_id, owner.accountId, 24 * 3600).url;
    const put = (url: string) => api.http.request('PUT', url, { raw: Buffer.from('abcd'), contentType: 'image/jpeg' });
    expect((await put(longLived)).status).toBe(403);
    // A download-style (GET) signature over the same path is not a PUT signature.
    const getStyle = forger.sign(created.body.upload_id, owner.accountId, 'bytes').url;
    expect((await put(`${created.body.upload_url.split('?')[0]}?${getStyle.split('?')[1]}`)).status).toBe(403);
  });
});
