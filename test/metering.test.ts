import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { Database } from '@astro/database';
import { accountsProjection, diffProjections, readStream } from '@astro/ledger';
import { createAccount, HttpClient, startApi, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

const PLANETS = '/v1/planets?dt=2024-03-20T12:00:00Z';
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

async function accountMatchesLog(accountId: string): Promise<void> {
  const differences = await diffProjections(db, [accountsProjection]);
  expect(differences.filter((d) => d.key === accountId)).toEqual([]);
}

describe('group-committed charges', () => {
  it('never overdraws: 200 concurrent requests against a balance of 50 give exactly 50 × 200 and 150 × 402', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 50 });
    const batchesBefore = api.handle.platform.charges.stats.batches;
    const chargesBefore = api.handle.platform.charges.stats.charges;
    const responses = await Promise.all(Array.from({ length: 200 }, () => api.http.get(PLANETS, { key: apiKey })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 402)).toHaveLength(150);
    const charges = await chargesOf(accountId);
    expect(charges).toHaveLength(50);
    // Every 2xx has its own event, at consecutive stream versions (AccountOpened is 1, the grant 2).
    const served = new Set(responses.filter((r) => r.status === 200).map((r) => r.headers.get('x-request-id')));
    expect(new Set(charges.map((c) => c.payload.request_id))).toEqual(served);
    expect(charges.map((c) => c.streamVersion)).toEqual(Array.from({ length: 50 }, (_, i) => i + 3));
    expect((await api.http.get('/v1/account', { key: apiKey })).body.credits_balance).toBe(0);
    await accountMatchesLog(accountId);
    // Group commit did happen: fewer statements than charges.
    const { batches, charges: batched } = api.handle.platform.charges.stats;
    expect(batched - chargesBefore).toBe(200);
    expect(batches - batchesBefore).toBeLessThan(200);
  });

  it('keeps accounts apart inside one batch, and two API processes on one account never overdraw it', async () => {
    const second = await startApi();
    try {
      const a = await createAccount(db, { credits: 30 });
      const b = await createAccount(db, { credits: 1_000 });
      const requests = Array.from({ length: 120 }, (_, i) =>
        (i % 2 === 0 ? api.http : second.http).get(PLANETS, { key: i % 3 === 0 ? b.apiKey : a.apiKey }),
      );
      const responses = await Promise.all(requests);
      const forA = responses.filter((_, i) => i % 3 !== 0);
      expect(forA.filter((r) => r.status === 200)).toHaveLength(30);
      expect(forA.filter((r) => r.status === 402)).toHaveLength(forA.length - 30);
      expect(responses.filter((_, i) => i % 3 === 0).every((r) => r.status === 200)).toBe(true);
      expect(await chargesOf(a.accountId)).toHaveLength(30);
      expect(await chargesOf(b.accountId)).toHaveLength(40);
      await accountMatchesLog(a.accountId);
      await accountMatchesLog(b.accountId);
    } finally {
      await second.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real API program (apps/api/src/main.ts) in its own process, so the test can SIGKILL it. */
async function startApiProcess(port: number): Promise<ChildProcess> {
  const root = path.join(__dirname, '..');
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'run-ts.js'), path.join(root, 'apps', 'api', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`API process exited with ${code} before listening`)));
  });
  return child;
}

describe('kill -9 under load', () => {
  it('every 2xx the client received has its CreditsCharged event, and the account still equals the fold of the log', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100_000 });
    const port = await freePort();
    const child = await startApiProcess(port);
    const http = new HttpClient(`http://127.0.0.1:${port}`);
    const served: string[] = [];
    const sent: string[] = [];
    let stop = false;
    const connection = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const id = `kill9-${n}-${i}`;
        sent.push(id);
        try {
          const response = await http.get(PLANETS, { key: apiKey, headers: { 'X-Request-Id': id } });
          // Our request id is the charge's; the client's own id is kept beside it (client_request_id).
          if (response.status === 200) served.push(response.headers.get('x-request-id')!);
        } catch {
          return; // the process is gone
        }
      }
    };
    const connections = Array.from({ length: 20 }, (_, n) => connection(n));
    // Killed once requests are flowing on every connection, however slow the machine (not after a fixed time).
    while (served.length <= 40) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(connections);

    expect(served.length).toBeGreaterThan(20);
    const charges = await chargesOf(accountId);
    const charged = new Set(charges.map((c) => String(c.payload.request_id)));
    for (const id of served) expect(charged.has(id) ? id : `no CreditsCharged for ${id}`).toBe(id);
    // A charge may be committed for a request whose response the dying process never sent: at most
    // the requests in flight at the kill, one per connection. Finance reconciles those by request id,
    // and the client by its own id in the charge's metadata.
    const unanswered = charges.filter((c) => !served.includes(String(c.payload.request_id)));
    expect(unanswered.length).toBeLessThanOrEqual(20);
    for (const charge of unanswered) expect(sent).toContain(charge.metadata.client_request_id);
    await accountMatchesLog(accountId);
  });
});
