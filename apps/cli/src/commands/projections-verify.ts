import { diffProjections } from '@astro/ledger';
import { CommandContext } from '../command';
import { PROJECTIONS } from '../projections';

export async function run({ db }: CommandContext): Promise<void> {
  const differences = await diffProjections(db, PROJECTIONS);
  if (differences.length === 0) {
    console.log('every projection equals the fold of the event log');
    return;
  }
  for (const d of differences.slice(0, 20))
    console.log(`${d.table} ${d.key}\n  live:    ${JSON.stringify(d.live)}\n  rebuilt: ${JSON.stringify(d.rebuilt)}`);
  throw new Error(`${differences.length} projection row(s) differ from the log; run projections:rebuild`);
}
