import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Database } from '@astro/database';
import { markJobFailed, recordJobQueued, refundJob } from '@astro/jobs';
import { chargeCredits, findAccount } from '@astro/ledger';
import { connectTestDatabase, createAccount, startApi, TestApi } from './support/harness';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');

/** The operator CLI exactly as `npm run cli -- …` runs it, against the test database. */
async function cli(...args: string[]): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'apps/cli/src/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_ADMIN_URL },
    });
    return { stdout, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; code: number };
    return { stdout: e.stdout, code: e.code };
  }
}

let db: Database;
let api: TestApi;

beforeAll(async () => {
  db = await connectTestDatabase();
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

describe('GET /v1/admin/finance/reconciliation', () => {
  it('answers an operator key with the same report as the CLI, and refuses every customer credential', async () => {
    const customer = await createAccount(db, { credits: 100 });
    await chargeCredits(
      db,
      { accountId: customer.accountId, operation: 'natal_chart', amount: 1, requestId: 'req_finance_1' },
      { actor: 'test' },
    );
    const jobId = `job_${randomBytes(12).toString('hex')}`;
    await db.transaction((tx) =>
      recordJobQueued(
        tx,
        { id: jobId, accountId: customer.accountId, kind: 'report_natal', operation: 'report_natal', price: 5, requestId: 'req_finance_2' },
        { actor: 'test' },
      ),
    );
    await markJobFailed(db, jobId, { errorCode: 'render_failed', message: 'test' });
    await refundJob(db, jobId, 'job failed');

    const issued = await cli('operator:key:create', '--label', 'finance test');
    const operatorKey = /operator key\s+(ok_live_\S+)/.exec(issued.stdout)![1];
    const query = `from=2000-01-01&to=2100-01-01&account_id=${customer.accountId}`;

    const viaApi = await api.http.get(`/v1/admin/finance/reconciliation?${query}`, { key: operatorKey });
    expect(viaApi.status).toBe(200);
    expect(viaApi.headers.get('cache-control')).toBe('no-store');
    const report = viaApi.body as { ok: boolean; totals: unknown; jobs: Array<{ job_id: string; status: string; refunded: number }> };
    expect(report.ok).toBe(true);
    expect(report.totals).toEqual({ granted: 100, charged: 6, refunded: 5, net: 99 });
    expect(report.jobs).toEqual([expect.objectContaining({ job_id: jobId, status: 'failed', charged: 5, refunded: 5, refunds: 1 })]);

    const viaCli = await cli(
      'finance:reconcile',
      '--from',
      '2000-01-01',
      '--to',
      '2100-01-01',
      '--account',
      customer.accountId,
      '--format',
      'json',
    );
    expect(viaCli.code).toBe(0);
    // The same report; only `events_read` (the whole log, which other test files keep appending to
    // in parallel) may differ between the two reads.
    const withoutLogSize = ({ events_read: _n, ...rest }: Record<string, unknown>) => rest;
    expect(withoutLogSize(JSON.parse(viaCli.stdout))).toEqual(withoutLogSize(viaApi.body));

    // The key in its own header (the document's operatorKey scheme) opens the route as well; a customer key there does not.
    const inItsHeader = await api.http.get(`/v1/admin/finance/reconciliation?${query}`, { headers: { 'X-Operator-Key': operatorKey } });
    expect(inItsHeader.status).toBe(200);
    expect(withoutLogSize(inItsHeader.body as Record<string, unknown>)).toEqual(withoutLogSize(viaApi.body as Record<string, unknown>));
    expect(
      (await api.http.get(`/v1/admin/finance/reconciliation?${query}`, { headers: { 'X-Operator-Key': customer.apiKey } })).status,
    ).toBe(401);

    // No customer credential opens an admin route, and an operator key opens no customer route.
    const before = await findAccount(db, customer.accountId);
    expect((await api.http.get(`/v1/admin/finance/reconciliation?${query}`, { key: customer.apiKey })).status).toBe(401);
    expect((await api.http.get(`/v1/admin/finance/reconciliation?${query}`)).status).toBe(401);
    expect((await api.http.get('/v1/account', { key: operatorKey })).status).toBe(401);

    const bad = await api.http.get('/v1/admin/finance/reconciliation?from=yesterday&to=2100-01-01', { key: operatorKey });
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toContain('from');
    expect(bad.headers.get('cache-control')).toBe('no-store');
    const reversed = await api.http.get('/v1/admin/finance/reconciliation?from=2026-12-01&to=2026-11-01', { key: operatorKey });
    expect(reversed.status).toBe(400);
    expect((reversed.body as { message: string }).message).toContain('to');
    // Rejected and admin requests charge nothing.
    expect((await findAccount(db, customer.accountId))!.balance).toBe(before!.balance);

    const revoked = await cli('operator:key:revoke', '--key', /operator key id\s+(opk_\S+)/.exec(issued.stdout)![1]);
    expect(revoked.stdout).toContain('revoked');
    expect((await api.http.get(`/v1/admin/finance/reconciliation?${query}`, { key: operatorKey })).status).toBe(401);
  });

  it('is in the OpenAPI document, marked as an admin route with the operator scheme', async () => {
    const doc = (await api.http.get('/docs-json')).body as {
      paths: Record<string, Record<string, { security: unknown; 'x-admin'?: boolean; tags: string[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const operation = doc.paths['/v1/admin/finance/reconciliation'].get;
    expect(operation['x-admin']).toBe(true);
    expect(operation.tags).toEqual(['Admin']);
    expect(operation.security).toEqual([{ operatorKey: [] }]);
    expect(doc.components.securitySchemes.operatorKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Operator-Key' });
  });
});
