import { setOrgQuota } from '@astro/cultural-intelligence';
import { Command } from '../command';
import { positiveInt, required } from '../flags';
import { OPERATOR } from '../operator';
import { quotaFlags } from './ci-org-create';

export const ciQuota: Command = {
  name: 'ci:quota',
  usage: '--org ID --quota N --mode hard|soft',
  summary: "set an org's monthly unit quota and its mode",
  async run({ db, flags: f }) {
    const quota = quotaFlags(f, { monthlyUnits: positiveInt(required(f, 'quota'), 'quota'), mode: 'hard' });
    const changed = await db.transaction((tx) => setOrgQuota(tx, required(f, 'org'), quota, OPERATOR));
    if (!changed) throw new Error(`no org ${f.org}`);
    console.log(`quota of ${f.org}: ${quota.monthlyUnits} units a month, ${quota.mode}`);
  },
};
