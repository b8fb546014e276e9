import { rebuildProjections } from '@astro/ledger';
import { Command } from '../command';
import { PROJECTIONS } from '../projections';

export const projectionsRebuild: Command = {
  name: 'projections:rebuild',
  summary: 'rebuild every projection from the log',
  async run({ db }) {
    for (const s of await rebuildProjections(db, PROJECTIONS)) console.log(`${s.table}: ${s.rows} rows rebuilt`);
  },
};
