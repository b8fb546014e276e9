import { IdempotencySeal } from '@astro/codec';
import { loadConfig } from '@astro/config';
import { setUpDatabase } from '@astro/database';
import { sealStoredWebhookSecrets } from '@astro/delivery';
import { CommandContext } from '../command';
import { sealStoredIdempotentAnswers } from '../seal-idempotent-answers';

export async function run({ db }: CommandContext): Promise<void> {
  const config = loadConfig();
  const { applied } = await setUpDatabase(config.databaseAdminUrl, config.databaseAppPassword());
  const sealed = await sealStoredWebhookSecrets(db);
  if (sealed > 0) console.log(`webhook secrets sealed under the current WEBHOOK_SECRET_KEY: ${sealed}`);
  const answers = await sealStoredIdempotentAnswers(db, new IdempotencySeal(config.idempotencySealKey, config.idempotencySealKeyPrevious));
  if (answers > 0) console.log(`Idempotency-Key answers sealed under IDEMPOTENCY_SEAL_KEY: ${answers}`);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database schema is up to date');
}
