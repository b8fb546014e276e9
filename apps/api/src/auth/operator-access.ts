import { findActiveOperatorKey } from '@astro/accounts';
import { Database } from '@astro/database';
import { unauthorized } from '../http/api-error';

/**
 * The admin routes accept only an operator key (ok_live_…, table operator_keys). Customer keys and
 * sessions are never looked up here, and the customer routes never look at operator keys, so
 * neither credential can stand in for the other.
 */
export async function requireOperatorKey(db: Database, credential: string): Promise<{ keyId: string }> {
  const found = await findActiveOperatorKey(db, credential);
  if (!found)
    throw unauthorized(
      'this admin endpoint takes an operator key (Authorization: Bearer ok_live_…), issued by `npm run cli -- operator:key:create`',
    );
  return found;
}
