import { createCustomerUser } from '@astro/accounts';
import { CommandContext } from '../command';
import { required } from '../flags';
import { requireAccount } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  await requireAccount(db, required(f, 'account'));
  const user = await createCustomerUser(db, { accountId: f.account, email: required(f, 'email'), password: required(f, 'password') });
  console.log(`user ${user.id} (${user.email}) created`);
}
