import { revokeApiKey } from '@astro/accounts';
import { Command } from '../command';
import { required } from '../flags';

export const keyRevoke: Command = {
  name: 'key:revoke',
  usage: '--key KEY_ID',
  summary: 'revoke an API key',
  async run({ db, flags: f }) {
    console.log((await revokeApiKey(db, required(f, 'key'))) ? 'revoked' : 'no such active key');
  },
};
