import { changeTier } from '@astro/ledger';
import { CommandContext } from '../command';
import { required } from '../flags';
import { tierFlag } from '../tier-flag';
import { OPERATOR } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  await db.transaction((tx) => changeTier(tx, required(f, 'account'), tierFlag(f), OPERATOR));
  console.log('tier changed');
}
