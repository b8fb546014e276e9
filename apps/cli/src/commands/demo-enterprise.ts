import * as fs from 'node:fs';
import * as path from 'node:path';
import { findActiveApiKey, provisionAccount } from '@astro/accounts';
import { CommandContext } from '../command';
import { required } from '../flags';
import { OPERATOR } from '../operator';
import { createCiOrg } from './ci-org-create';

/** The enterprise demo of `npm start`: an account, its key and one org, reused while the key works. */
export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const keyFile = required(f, 'key-file');
  const orgFile = required(f, 'org-file');
  const existingKey = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
  if (existingKey && fs.existsSync(orgFile) && (await findActiveApiKey(db, existingKey))) {
    console.log('demo enterprise account exists');
    return;
  }
  const created = await provisionAccount(
    db,
    { name: 'Demo (Enterprise)', tier: 'enterprise', credits: 10_000, withApiKey: true },
    OPERATOR,
  );
  const orgId = await createCiOrg(db, created.accountId, { name: 'Demo people team' });
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  fs.writeFileSync(keyFile, `${created.apiKey}\n`, { mode: 0o600 });
  fs.writeFileSync(orgFile, `${orgId}\n`, { mode: 0o600 });
  console.log(`demo enterprise account ${created.accountId} with org ${orgId} created`);
}
