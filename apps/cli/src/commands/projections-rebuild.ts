import { rebuildProjections } from '@astro/ledger';
import { CommandContext } from '../command';
import { PROJECTIONS } from '../projections';

export async function run({ db }: CommandContext): Promise<void> {
  for (const s of await rebuildProjections(db, PROJECTIONS)) console.log(`${s.table}: ${s.rows} rows rebuilt`);
}
