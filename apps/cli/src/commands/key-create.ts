import { issueApiKey } from '@astro/accounts';
import { CommandContext } from '../command';
import { required } from '../flags';
import { requireAccount } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  await requireAccount(db, required(f, 'account'));
  const mode = f.mode ?? 'live';
  if (mode !== 'live' && mode !== 'test') throw new Error('--mode is live or test');
  const key = await issueApiKey(db, f.account, f.label ?? '', mode);
  console.log(`key id   ${key.id}\napi key  ${key.key}   (${mode} mode; shown once: store it now)`);
}
