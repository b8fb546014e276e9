import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createCustomerUser, findActiveApiKey, provisionAccount } from '@astro/accounts';
import type { Database } from '@astro/database';
import type { Tier } from '@astro/contracts';
import { CommandContext } from '../command';
import { required } from '../flags';
import { OPERATOR } from '../operator';
import { createCiOrg } from './ci-org-create';

/** One demo account of `npm start`: what it is, and what it gets besides its API key. */
interface DemoAccount {
  /** how the log names it */
  label: string;
  account: { name: string; tier: Tier };
  /** the flag naming the file kept beside the key file */
  fileFlag: string;
  /** gives the new account what else it has: the file's line and the words the log adds */
  furnish(db: Database, accountId: string): Promise<{ line: string; said: string }>;
}

/** The demo accounts of `npm start`: a Pro account with a customer user, an Enterprise one with an org. */
const DEMOS = {
  pro: {
    label: 'demo',
    account: { name: 'Demo (Pro)', tier: 'pro' },
    fileFlag: 'user-file',
    async furnish(db, accountId) {
      const email = `demo+${accountId.slice(-6)}@example.com`;
      const password = randomBytes(12).toString('base64url');
      await createCustomerUser(db, { accountId, email, password });
      return { line: `${email} ${password}`, said: '' };
    },
  },
  enterprise: {
    label: 'demo enterprise',
    account: { name: 'Demo (Enterprise)', tier: 'enterprise' },
    fileFlag: 'org-file',
    async furnish(db, accountId) {
      const orgId = await createCiOrg(db, accountId, { name: 'Demo people team' });
      return { line: orgId, said: ` with org ${orgId}` };
    },
  },
} satisfies Record<string, DemoAccount>;

/**
 * The command keeping one demo account in files: reused while its key (`--key-file`) still works
 * and its other file exists, created with 10,000 credits otherwise. Only their owner reads the files.
 */
export const keepDemoAccount =
  (which: keyof typeof DEMOS) =>
  async ({ db, flags }: CommandContext): Promise<void> => {
    const demo: DemoAccount = DEMOS[which];
    const keyFile = required(flags, 'key-file');
    const otherFile = required(flags, demo.fileFlag);
    const existingKey = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
    if (existingKey && fs.existsSync(otherFile) && (await findActiveApiKey(db, existingKey))) {
      console.log(`${demo.label} account exists`);
      return;
    }
    const created = await provisionAccount(db, { ...demo.account, credits: 10_000, withApiKey: true }, OPERATOR);
    const { line, said } = await demo.furnish(db, created.accountId);
    fs.mkdirSync(path.dirname(keyFile), { recursive: true });
    fs.writeFileSync(keyFile, `${created.apiKey}\n`, { mode: 0o600 });
    fs.writeFileSync(otherFile, `${line}\n`, { mode: 0o600 });
    console.log(`${demo.label} account ${created.accountId}${said} created`);
  };
