import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { payloadCodec } from '@astro/codec';
import { PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { reconcile } from '@astro/finance';
import { findJob } from '@astro/jobs';
import { findAccount, readStream } from '@astro/ledger';
import { connectTestDatabase, createAccount, startApi, TestApi } from './support/harness';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');

/** The operator CLI exactly as `npm run cli -- …` runs it, against the test database and Temporal. */
async function cli(api: TestApi, ...args: string[]): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'apps/cli/src/main.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: process.env.TEST_DATABASE_ADMIN_URL,
        TEMPORAL_ADDRESS: api.config.temporal.address,
        TEMPORAL_UI_URL: 'http://ui.example:8233/',
      },
    });
    return { stdout, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout + e.stderr, code: e.code };
  }
}

let db: Database;
let api: TestApi;

beforeAll(async () => {
  db = await connectTestDatabase();
  api = await startApi(); // no worker: queued jobs stay queued until an operator acts
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

describe('operator job commands', () => {
  it('jobs:show lists the events, Temporal status and link, charges; jobs:cancel terminates and refunds exactly once', async () => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 10 });
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-01-01T00:00:00Z' }, { key: apiKey });
    expect(queued.status).toBe(202);
    const jobId = queued.body.job_id as string;
    const price = PRICES.pipeline_probe.credits;
    expect((await findAccount(db, accountId))!.balance).toBe(10 - price);

    const shown = await cli(api, 'jobs:show', jobId);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`job      ${jobId}  pipeline_probe  account ${accountId}`);
    expect(shown.stdout).toContain('status   queued');
    expect(shown.stdout).toMatch(/temporal RUNNING/);
    expect(shown.stdout).toContain(`history  http://ui.example:8233/namespaces/default/workflows/${jobId}`);
    expect(shown.stdout).toContain('ReportJobQueued');
    expect(shown.stdout).toMatch(new RegExp(`CreditsCharged\\s+${price}\\s+pipeline_probe`));

    const cancelled = await cli(api, 'jobs:cancel', jobId);
    expect(cancelled.code).toBe(0);
    expect(cancelled.stdout).toContain(`job ${jobId} cancelled: workflow terminated, refunded ${price} credits`);
    const again = await cli(api, 'jobs:cancel', jobId);
    expect(again.stdout).toContain('had already finished (failed)');

    expect((await findAccount(db, accountId))!.balance).toBe(10);
    expect(await findJob(db, jobId)).toMatchObject({ status: 'failed', error_code: 'cancelled', credits_refunded: price });
    const refunds = (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsRefunded');
    expect(refunds.map((e) => e.payload)).toEqual([{ job_id: jobId, amount: price, reason: 'cancelled' }]);
    const connection = await Connection.connect({ address: api.config.temporal.address });
    try {
      expect(
        (
          await new Client({ connection, dataConverter: { payloadCodecs: [payloadCodec(api.config)] } }).workflow
            .getHandle(jobId)
            .describe()
        ).status.name,
      ).toBe('TERMINATED');
    } finally {
      await connection.close();
    }
    const report = await reconcile(db, { from: new Date('2000-01-01'), to: new Date('2100-01-01'), accountId });
    expect(report.invariants.filter((i) => !i.ok)).toEqual([]);
    expect(report.jobs).toEqual([
      expect.objectContaining({ job_id: jobId, status: 'failed', charged: price, refunded: price, refunds: 1 }),
    ]);

    const shownAfter = await cli(api, 'jobs:show', jobId);
    expect(shownAfter.stdout).toMatch(/temporal TERMINATED/);
    expect(shownAfter.stdout).toMatch(new RegExp(`CreditsRefunded\\s+${price}\\s+cancelled`));
    expect((await cli(api, 'jobs:show', 'job_0123')).code).toBe(1);
  });
});
