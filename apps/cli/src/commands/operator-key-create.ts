import { issueOperatorKey } from '@astro/accounts';
import { CommandContext } from '../command';
import { required } from '../flags';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const key = await issueOperatorKey(db, required(f, 'label'));
  console.log(`operator key id   ${key.id}\noperator key      ${key.key}   (shown once: store it now)`);
}
