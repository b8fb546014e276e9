import { revokeOperatorKey } from '@astro/accounts';
import { Command } from '../command';
import { required } from '../flags';

export const operatorKeyRevoke: Command = {
  name: 'operator:key:revoke',
  usage: '--key KEY_ID',
  summary: 'revoke an operator key',
  async run({ db, flags: f }) {
    console.log((await revokeOperatorKey(db, required(f, 'key'))) ? 'revoked' : 'no such active operator key');
  },
};
