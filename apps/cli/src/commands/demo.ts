import { randomBytes } from 'node:crypto';
import { createCustomerUser } from '@astro/accounts';
import { CommandContext } from '../command';
import { keepDemoAccount } from '../demo-account';

/** The demo account of `npm start`, with a customer user whose sign-in goes into `--user-file`. */
export async function run({ db, flags }: CommandContext): Promise<void> {
  await keepDemoAccount(db, flags, {
    label: 'demo',
    account: { name: 'Demo (Pro)', tier: 'pro' },
    fileFlag: 'user-file',
    async furnish(db, accountId) {
      const email = `demo+${accountId.slice(-6)}@example.com`;
      const password = randomBytes(12).toString('base64url');
      await createCustomerUser(db, { accountId, email, password });
      return { line: `${email} ${password}`, said: '' };
    },
  });
}
