import { grantCredits } from '@astro/ledger';
import { CommandContext } from '../command';
import { positiveInt, required } from '../flags';
import { OPERATOR } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const result = await grantCredits(
    db,
    required(f, 'account'),
    positiveInt(required(f, 'amount'), 'amount'),
    f.reason ?? 'operator grant',
    OPERATOR,
  );
  console.log(`granted; balance ${result.balance}`);
}
