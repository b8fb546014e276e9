import { Command } from '../command';
import { required } from '../flags';
import { requireAccount } from '../operator';

export const balance: Command = {
  name: 'balance',
  usage: '--account ID',
  summary: 'show tier and balance',
  async run({ db, flags: f }) {
    const a = await requireAccount(db, required(f, 'account'));
    console.log(
      `${a.id}  ${a.name}  tier ${a.tier}\nbalance ${a.balance}  (granted ${a.credits_granted}, charged ${a.credits_charged}, refunded ${a.credits_refunded})`,
    );
  },
};
