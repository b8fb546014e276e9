import { CommandContext } from '../command';
import { keepDemoAccount } from '../demo-account';
import { createCiOrg } from './ci-org-create';

/** The enterprise demo of `npm start`, with one org whose id goes into `--org-file`. */
export async function run({ db, flags }: CommandContext): Promise<void> {
  await keepDemoAccount(db, flags, {
    label: 'demo enterprise',
    account: { name: 'Demo (Enterprise)', tier: 'enterprise' },
    fileFlag: 'org-file',
    async furnish(db, accountId) {
      const orgId = await createCiOrg(db, accountId, { name: 'Demo people team' });
      return { line: orgId, said: ` with org ${orgId}` };
    },
  });
}
