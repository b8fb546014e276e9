import { diffProjections } from '@astro/ledger';
import { Command } from '../command';
import { PROJECTIONS } from '../projections';

export const projectionsVerify: Command = {
  name: 'projections:verify',
  summary: 'compare every projection with a fold of the log',
  async run({ db }) {
    const differences = await diffProjections(db, PROJECTIONS);
    if (differences.length === 0) {
      console.log('every projection equals the fold of the event log');
      return;
    }
    for (const d of differences.slice(0, 20))
      console.log(`${d.table} ${d.key}\n  live:    ${JSON.stringify(d.live)}\n  rebuilt: ${JSON.stringify(d.rebuilt)}`);
    throw new Error(`${differences.length} projection row(s) differ from the log; run projections:rebuild`);
  },
};
