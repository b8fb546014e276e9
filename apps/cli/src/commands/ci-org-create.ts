import { loadConfig } from '@astro/config';
import { createOrg, loadMasterKey } from '@astro/cultural-intelligence';
import { Database } from '@astro/database';
import { CommandContext } from '../command';
import { Flags, positiveInt, required } from '../flags';
import { OPERATOR, requireAccount } from '../operator';

export function quotaFlags(f: Flags, defaults: { monthlyUnits: number; mode: 'hard' | 'soft' }) {
  const mode = f.mode ?? defaults.mode;
  if (mode !== 'hard' && mode !== 'soft') throw new Error('--mode must be hard or soft');
  return { monthlyUnits: f.quota ? positiveInt(f.quota, 'quota') : defaults.monthlyUnits, mode: mode as 'hard' | 'soft' };
}

/** A Cultural Intelligence org for an enterprise account; the org's data key is wrapped by the master key. */
export async function createCiOrg(db: Database, accountId: string, f: Flags): Promise<string> {
  const account = await requireAccount(db, accountId);
  if (account.tier !== 'enterprise')
    throw new Error(`account ${accountId} is on the ${account.tier} tier; Cultural Intelligence needs enterprise`);
  const config = loadConfig();
  const master = loadMasterKey({
    configured: config.culturalIntelligence.masterKey,
    file: config.culturalIntelligence.masterKeyFile,
    production: config.production,
  });
  const locale = f.locale ?? 'en';
  if (locale !== 'en' && locale !== 'th') throw new Error('--locale must be en or th');
  const defaults = { monthlyUnits: config.culturalIntelligence.defaultMonthlyUnits, mode: config.culturalIntelligence.defaultQuotaMode };
  const org = await db.transaction((tx) =>
    createOrg(
      tx,
      accountId,
      { name: required(f, 'name'), default_locale: locale, audience: 'employee', share_member_labels: false },
      quotaFlags(f, defaults),
      master,
      OPERATOR,
    ),
  );
  return org.id;
}

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  console.log(`org ${await createCiOrg(db, required(f, 'account'), f)}`);
}
