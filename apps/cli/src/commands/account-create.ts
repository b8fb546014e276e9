import { provisionAccount } from '@astro/accounts';
import { Command } from '../command';
import { positiveInt, required, tierFlag } from '../flags';
import { OPERATOR } from '../operator';

export const accountCreate: Command = {
  name: 'account:create',
  usage: '--name N --tier free|pro|enterprise [--credits N]',
  summary: 'open an account and print its first API key',
  async run({ db, flags: f }) {
    const credits = f.credits ? positiveInt(f.credits, 'credits') : 0;
    const created = await provisionAccount(db, { name: required(f, 'name'), tier: tierFlag(f), credits, withApiKey: true }, OPERATOR);
    console.log(`account  ${created.accountId}\nkey id   ${created.apiKeyId}\napi key  ${created.apiKey}   (shown once: store it now)`);
  },
};
