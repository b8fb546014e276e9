import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createCustomerUser, findActiveApiKey, provisionAccount } from '@astro/accounts';
import { CommandContext } from '../command';
import { required } from '../flags';
import { OPERATOR } from '../operator';

/** The demo account of `npm start`: reused while its key still works, created otherwise. */
export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const keyFile = required(f, 'key-file');
  const userFile = required(f, 'user-file');
  const existingKey = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
  if (existingKey && fs.existsSync(userFile) && (await findActiveApiKey(db, existingKey))) {
    console.log('demo account exists');
    return;
  }
  const created = await provisionAccount(db, { name: 'Demo (Pro)', tier: 'pro', credits: 10_000, withApiKey: true }, OPERATOR);
  const email = `demo+${created.accountId.slice(-6)}@example.com`;
  const password = randomBytes(12).toString('base64url');
  await createCustomerUser(db, { accountId: created.accountId, email, password });
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  fs.writeFileSync(keyFile, `${created.apiKey}\n`, { mode: 0o600 });
  fs.writeFileSync(userFile, `${email} ${password}\n`, { mode: 0o600 });
  console.log(`demo account ${created.accountId} created`);
}
