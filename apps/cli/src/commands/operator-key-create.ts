import { issueOperatorKey } from '@astro/accounts';
import { Command } from '../command';
import { required } from '../flags';

export const operatorKeyCreate: Command = {
  name: 'operator:key:create',
  usage: '--label L',
  summary: 'issue an operator key (ok_live_…, shown once) for the admin routes /v1/admin/…',
  async run({ db, flags: f }) {
    const key = await issueOperatorKey(db, required(f, 'label'));
    console.log(`operator key id   ${key.id}\noperator key      ${key.key}   (shown once: store it now)`);
  },
};
