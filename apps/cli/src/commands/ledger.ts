import { accountStatement } from '@astro/ledger';
import { Command } from '../command';
import { positiveInt, required } from '../flags';
import { requireAccount } from '../operator';

export const ledger: Command = {
  name: 'ledger',
  usage: '--account ID [--limit N]',
  summary: "show the account's credit ledger, newest first",
  async run({ db, flags: f }) {
    await requireAccount(db, required(f, 'account'));
    const { entries } = await accountStatement(db, f.account, { limit: f.limit ? positiveInt(f.limit, 'limit') : 50 });
    for (const e of entries) {
      const detail = [e.operation, e.job_id, e.request_id, e.reason].filter(Boolean).join('  ');
      console.log(
        `${e.recorded_at}  v${String(e.version).padEnd(5)} ${e.type.padEnd(18)} ${String(e.amount ?? '').padStart(7)}  ${detail}`,
      );
    }
  },
};
