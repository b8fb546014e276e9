import { provisionAccount } from '@astro/accounts';
import { CommandContext } from '../command';
import { positiveInt, required } from '../flags';
import { tierFlag } from '../tier-flag';
import { OPERATOR } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const credits = f.credits ? positiveInt(f.credits, 'credits') : 0;
  const created = await provisionAccount(db, { name: required(f, 'name'), tier: tierFlag(f), credits, withApiKey: true }, OPERATOR);
  console.log(`account  ${created.accountId}\nkey id   ${created.apiKeyId}\napi key  ${created.apiKey}   (shown once: store it now)`);
}
