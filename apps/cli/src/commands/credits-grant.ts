import { grantCredits } from '@astro/ledger';
import { Command } from '../command';
import { positiveInt, required } from '../flags';
import { OPERATOR } from '../operator';

export const creditsGrant: Command = {
  name: 'credits:grant',
  usage: '--account ID --amount N [--reason R]',
  summary: 'grant credits',
  async run({ db, flags: f }) {
    const result = await grantCredits(
      db,
      required(f, 'account'),
      positiveInt(required(f, 'amount'), 'amount'),
      f.reason ?? 'operator grant',
      OPERATOR,
    );
    console.log(`granted; balance ${result.balance}`);
  },
};
