import { setOrgQuota } from '@astro/cultural-intelligence';
import { CommandContext } from '../command';
import { positiveInt, required } from '../flags';
import { OPERATOR } from '../operator';
import { quotaFlags } from './ci-org-create';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const quota = quotaFlags(f, { monthlyUnits: positiveInt(required(f, 'quota'), 'quota'), mode: 'hard' });
  const changed = await db.transaction((tx) => setOrgQuota(tx, required(f, 'org'), quota, OPERATOR));
  if (!changed) throw new Error(`no org ${f.org}`);
  console.log(`quota of ${f.org}: ${quota.monthlyUnits} units a month, ${quota.mode}`);
}
