import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TestS3Server {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real S3-compatible server for the tests: the MinIO server that `npm test` builds once into
 * .tools/ (TEST_S3_SERVER), on a free loopback port with a throw-away data directory and one bucket.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const binary = process.env.TEST_S3_SERVER;
  if (!binary) throw new Error('run the tests with `npm test`: it builds the MinIO server and sets TEST_S3_SERVER');
  const port = await freePort();
  const consolePort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-s3-'));
  const credentials = { accessKeyId: 'astro-test', secretAccessKey: 'astro-test-secret-key' };
  const child: ChildProcess = spawn(
    binary,
    ['server', dataDir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`, '--quiet'],
    {
      env: {
        ...process.env,
        MINIO_ROOT_USER: credentials.accessKeyId,
        MINIO_ROOT_PASSWORD: credentials.secretAccessKey,
        MINIO_BROWSER: 'off',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${endpoint}/minio/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the MinIO test server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const bucket = 'astro-artifacts';
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    ...credentials,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
