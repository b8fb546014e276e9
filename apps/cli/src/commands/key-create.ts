import { issueApiKey } from '@astro/accounts';
import { Command } from '../command';
import { required } from '../flags';
import { requireAccount } from '../operator';

export const keyCreate: Command = {
  name: 'key:create',
  usage: '--account ID [--label L]',
  summary: 'issue another API key (shown once)',
  async run({ db, flags: f }) {
    await requireAccount(db, required(f, 'account'));
    const key = await issueApiKey(db, f.account, f.label ?? '');
    console.log(`key id   ${key.id}\napi key  ${key.key}   (shown once: store it now)`);
  },
};
