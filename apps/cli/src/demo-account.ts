import * as fs from 'node:fs';
import * as path from 'node:path';
import { findActiveApiKey, provisionAccount } from '@astro/accounts';
import type { Database } from '@astro/database';
import type { Tier } from '@astro/contracts';
import { Flags, required } from './flags';
import { OPERATOR } from './operator';

/** One demo account of `npm start`: what it is, and what it gets besides its API key. */
export interface DemoAccount {
  /** how the log names it: `demo`, `demo enterprise` */
  label: string;
  account: { name: string; tier: Tier };
  /** the flag naming the file kept beside the key file */
  fileFlag: string;
  /** gives the new account what else it has: the file's line and the words the log adds */
  furnish(db: Database, accountId: string): Promise<{ line: string; said: string }>;
}

/**
 * Keeps a demo account in files: reused while its key (`--key-file`) still works and its other file
 * exists, created with 10,000 credits otherwise. The files are readable by their owner only.
 */
export async function keepDemoAccount(db: Database, flags: Flags, demo: DemoAccount): Promise<void> {
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
}
