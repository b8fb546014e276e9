import { CommandContext } from '../command';
import { required } from '../flags';
import { requireAccount } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const a = await requireAccount(db, required(f, 'account'));
  console.log(
    `${a.id}  ${a.name}  tier ${a.tier}\nbalance ${a.balance}  (granted ${a.credits_granted}, charged ${a.credits_charged}, refunded ${a.credits_refunded})`,
  );
}
