import { accountStatement } from '@astro/ledger';
import { CommandContext } from '../command';
import { positiveInt, required } from '../flags';
import { requireAccount } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  await requireAccount(db, required(f, 'account'));
  const { entries } = await accountStatement(db, f.account, { limit: f.limit ? positiveInt(f.limit, 'limit') : 50 });
  for (const e of entries) {
    const detail = [e.operation, e.job_id, e.request_id, e.reason].filter(Boolean).join('  ');
    console.log(`${e.recorded_at}  v${String(e.version).padEnd(5)} ${e.type.padEnd(18)} ${String(e.amount ?? '').padStart(7)}  ${detail}`);
  }
}
