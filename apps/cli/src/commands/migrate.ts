import { loadConfig } from '@astro/config';
import { setUpDatabase } from '@astro/database';
import { sealStoredWebhookSecrets } from '@astro/delivery';
import { CommandContext } from '../command';

export async function run({ db }: CommandContext): Promise<void> {
  const config = loadConfig();
  const { applied } = await setUpDatabase(config.databaseAdminUrl, config.databaseAppPassword());
  const sealed = await sealStoredWebhookSecrets(db);
  if (sealed > 0) console.log(`webhook secrets sealed under the current WEBHOOK_SECRET_KEY: ${sealed}`);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database schema is up to date');
}
