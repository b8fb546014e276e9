import { createCustomerUser } from '@astro/accounts';
import { Command } from '../command';
import { required } from '../flags';
import { requireAccount } from '../operator';

export const userCreate: Command = {
  name: 'user:create',
  usage: '--account ID --email E --password P',
  summary: 'create a customer user (session login)',
  async run({ db, flags: f }) {
    await requireAccount(db, required(f, 'account'));
    const user = await createCustomerUser(db, { accountId: f.account, email: required(f, 'email'), password: required(f, 'password') });
    console.log(`user ${user.id} (${user.email}) created`);
  },
};
