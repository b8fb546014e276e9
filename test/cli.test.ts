import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { createScratchDatabase, ScratchDatabase } from './support/scratch-database';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');

/**
 * A database of this file's own: `projections:verify` folds the whole log, which in the shared test
 * database grows with every other file running beside this one.
 */
let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase('astro_cli');
});
afterAll(() => scratch?.drop());

/** The operator CLI exactly as `npm run cli -- …` runs it, against the file's database. */
async function cli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'apps/cli/src/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: scratch.url },
  });
  return stdout;
}

describe('operator and finance CLI', () => {
  it('creates an account with a key, grants credits, shows balance and ledger, verifies projections', async () => {
    const created = await cli('account:create', '--name', 'CLI Test Co', '--tier', 'pro', '--credits', '100');
    const accountId = /account\s+(acct_[a-f0-9]{24})/.exec(created)![1];
    expect(created).toMatch(/api key\s+ak_live_\S+/);

    expect(await cli('credits:grant', '--account', accountId, '--amount', '25', '--reason', 'invoice 42')).toContain('balance 125');
    expect(await cli('key:create', '--account', accountId, '--label', 'second')).toMatch(/ak_live_/);
    // A test-mode key through the same command (docs/integration.md, "Test mode").
    expect(await cli('key:create', '--account', accountId, '--label', 'tests', '--mode', 'test')).toMatch(
      /api key\s+ak_test_\S+\s+\(test mode/,
    );
    expect(
      await cli('user:create', '--account', accountId, '--email', `${accountId}@example.com`, '--password', 'long enough password'),
    ).toContain('created');
    await cli('account:tier', '--account', accountId, '--tier', 'enterprise');

    const balance = await cli('balance', '--account', accountId);
    expect(balance).toContain('tier enterprise');
    expect(balance).toContain('balance 125  (granted 125, charged 0, refunded 0)');

    const ledger = (await cli('ledger', '--account', accountId)).trim().split('\n');
    expect(ledger.map((line) => line.split(/\s+/)[2])).toEqual(['AccountTierChanged', 'CreditsGranted', 'CreditsGranted', 'AccountOpened']);
    expect(ledger[1]).toContain('invoice 42');

    expect(await cli('projections:verify')).toContain('every projection equals the fold of the event log');
  });

  it('keeps the demo accounts of npm start: created with their files once, reused while the key works', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-demo-'));
    const file = (name: string) => path.join(dir, name);
    try {
      const demo = ['demo', '--key-file', file('key'), '--user-file', file('user')];
      const created = await cli(...demo);
      const accountId = /^demo account (acct_[a-f0-9]{24}) created$/m.exec(created)![1];
      expect(fs.readFileSync(file('key'), 'utf8')).toMatch(/^ak_live_\S+\n$/);
      expect(fs.readFileSync(file('user'), 'utf8')).toMatch(new RegExp(`^demo\\+${accountId.slice(-6)}@example\\.com \\S{16}\\n$`));
      expect(fs.statSync(file('user')).mode & 0o777).toBe(0o600);
      expect(await cli(...demo)).toBe('demo account exists\n');
      expect(await cli('balance', '--account', accountId)).toMatch(/tier pro[^]*balance 10000 /);

      const enterprise = ['demo:enterprise', '--key-file', file('enterprise-key'), '--org-file', file('org')];
      const org = /^demo enterprise account (acct_[a-f0-9]{24}) with org (\S+) created$/m.exec(await cli(...enterprise))!;
      expect(fs.readFileSync(file('org'), 'utf8')).toBe(`${org[2]}\n`);
      expect(await cli('balance', '--account', org[1])).toContain('tier enterprise');
      // A key file whose key no longer works makes a new account.
      fs.writeFileSync(file('enterprise-key'), 'ak_live_revoked\n');
      expect(await cli(...enterprise)).toMatch(/^demo enterprise account acct_[a-f0-9]{24} with org \S+ created$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains bad input instead of failing obscurely', async () => {
    await expect(cli('credits:grant', '--account', 'acct_000000000000000000000000', '--amount', '-5')).rejects.toMatchObject({
      stderr: expect.stringContaining('--amount must be a positive whole number'),
    });
    await expect(cli('frobnicate')).rejects.toMatchObject({ stderr: expect.stringContaining('unknown command "frobnicate"') });
  });
});
