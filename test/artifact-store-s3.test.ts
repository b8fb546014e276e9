import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import * as fs from 'node:fs';
import { Database } from '@astro/database';
import { JobRecord } from '@astro/contracts';
import { S3ArtifactStore } from '@astro/jobs';
import { connectTestDatabase, createAccount, eventually, startApi, startWorker, testConfig, TestApi, TestWorker } from './support/harness';
import { startS3Server, TestS3Server } from './support/s3-server';

let s3: TestS3Server;
let db: Database;

beforeAll(async () => {
  s3 = await startS3Server();
  db = await connectTestDatabase();
});
afterAll(async () => {
  await db.close();
  await s3.stop();
});

const storeOptions = () => ({
  bucket: s3.bucket,
  prefix: 'test/',
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
});

describe('S3ArtifactStore against a real S3-compatible server (MinIO)', () => {
  it('puts, gets, checks, presigns and deletes objects, and refuses keys that would escape their owner', async () => {
    const store = new S3ArtifactStore(storeOptions());
    const stored = await store.put('job_0123456789abcdef01234567', 'report.pdf', Buffer.from('%PDF-1.7 test'), 'application/pdf');
    expect(stored).toEqual({
      key: 'job_0123456789abcdef01234567/report.pdf',
      content_type: 'application/pdf',
      bytes: 13,
      sha256: expect.stringMatching(/^[a-f0-9]{64}$/),
    });
    expect((await store.get(stored.key))!.toString()).toBe('%PDF-1.7 test');
    expect(await store.exists(stored.key)).toBe(true);
    const direct = await store.directDownloadUrl(stored.key, 60);
    const fetched = await fetch(direct!);
    expect([fetched.status, await fetched.text()]).toEqual([200, '%PDF-1.7 test']);
    await store.put('job_0123456789abcdef01234567', 'snapshot.json', Buffer.from('{}'), 'application/json');
    expect(await store.deleteOwner('job_0123456789abcdef01234567')).toBe(true);
    expect(await store.get(stored.key)).toBeNull();
    expect(await store.exists(stored.key)).toBe(false);
    expect(await store.deleteOwner('job_0123456789abcdef01234567')).toBe(false);
    await expect(store.get('../etc/passwd')).rejects.toThrow(/invalid artifact key/);
    await expect(store.put('job_x', '../../escape', Buffer.from(''), 'text/plain')).rejects.toThrow(/invalid artifact key/);
    store.close();
  });

  it('runs a job end to end with ARTIFACT_STORE=s3: the artifact lands in the bucket, never on disk, and both download modes work', async () => {
    const env = {
      ARTIFACT_STORE: 's3',
      S3_BUCKET: s3.bucket,
      S3_PREFIX: 'platform/',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    const config = testConfig(env);
    const api: TestApi = await startApi(config);
    const presigning: TestApi = await startApi(
      testConfig({ ...env, S3_PRESIGNED_DOWNLOADS: 'true', TEMPORAL_TASK_QUEUE: config.temporal.taskQueue }),
    );
    const worker: TestWorker = await startWorker(config, db);
    try {
      const { apiKey } = await createAccount(db, { credits: 5 });
      const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-04-10T00:00:00Z' }, { key: apiKey });
      expect(queued.status).toBe(202);
      const job = await eventually(
        async () => {
          const response = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: apiKey });
          return response.body.status === 'succeeded' ? (response.body as JobRecord) : undefined;
        },
        60_000,
        'the probe job to succeed',
      );
      const artifact = Object.values(job.artifacts)[0]!;
      const streamed = await fetch(api.http.baseUrl + artifact.url);
      expect(streamed.status).toBe(200);
      const body = await streamed.text();
      expect(JSON.parse(body)).toMatchObject({ instant_utc: '2024-04-10T00:00:00.000Z' });

      // The object is in the bucket under the prefix, and the local artifacts directory stays empty.
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
      const object = await client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: `platform/${queued.body.job_id}/${artifact.url.split('/')[4].split('?')[0]}` }),
      );
      expect(await object.Body!.transformToString()).toBe(body);
      client.destroy();
      expect(fs.readdirSync(config.artifactsDir)).toEqual([]);

      // Presigned mode: the verified link redirects to a one-minute S3 URL; a tampered link is still a 403.
      const redirected = await fetch(presigning.http.baseUrl + artifact.url, { redirect: 'manual' });
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toContain(`${s3.endpoint}/${s3.bucket}/platform/${queued.body.job_id}/`);
      expect(await (await fetch(redirected.headers.get('location')!)).text()).toBe(body);
      expect(
        (
          await fetch(
            presigning.http.baseUrl +
              artifact.url.replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === '0' ? '1' : '0'}`),
            { redirect: 'manual' },
          )
        ).status,
      ).toBe(403);
    } finally {
      await worker.stop();
      await presigning.close();
      await api.close();
    }
  });
});
