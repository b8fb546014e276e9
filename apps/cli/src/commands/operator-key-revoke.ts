import { revokeOperatorKey } from '@astro/accounts';
import { CommandContext } from '../command';
import { required } from '../flags';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  console.log((await revokeOperatorKey(db, required(f, 'key'))) ? 'revoked' : 'no such active operator key');
}
