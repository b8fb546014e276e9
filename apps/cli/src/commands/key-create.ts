import { issueApiKey } from '@astro/accounts';
import { CommandContext } from '../command';
import { required } from '../flags';
import { requireAccount } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  await requireAccount(db, required(f, 'account'));
  const key = await issueApiKey(db, f.account, f.label ?? '');
  console.log(`key id   ${key.id}\napi key  ${key.key}   (shown once: store it now)`);
}
