import { Database } from '@astro/database';
import { newId, Tier } from '@astro/contracts';
import { EventMetadata, grantCredits, openAccount } from '@astro/ledger';
import { issueApiKey } from './api-keys';

/** Opens an account with an optional first grant and API key, all or nothing. */
export async function provisionAccount(
  db: Database,
  input: { name: string; tier: Tier; credits?: number; withApiKey?: boolean },
  metadata: EventMetadata,
): Promise<{ accountId: string; apiKey?: string; apiKeyId?: string }> {
  return db.transaction(async (tx) => {
    const accountId = newId('account');
    await openAccount(tx, { id: accountId, name: input.name, tier: input.tier }, metadata);
    if (input.credits && input.credits > 0) await grantCredits(tx, accountId, input.credits, 'initial grant', metadata);
    if (!input.withApiKey) return { accountId };
    const key = await issueApiKey(tx, accountId, 'initial key');
    return { accountId, apiKey: key.key, apiKeyId: key.id };
  });
}
