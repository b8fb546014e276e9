import { changeTier } from '@astro/ledger';
import { Command } from '../command';
import { required, tierFlag } from '../flags';
import { OPERATOR } from '../operator';

export const accountTier: Command = {
  name: 'account:tier',
  usage: '--account ID --tier T',
  summary: "change an account's tier",
  async run({ db, flags: f }) {
    await db.transaction((tx) => changeTier(tx, required(f, 'account'), tierFlag(f), OPERATOR));
    console.log('tier changed');
  },
};
