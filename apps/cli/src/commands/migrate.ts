import { loadConfig } from '@astro/config';
import { setUpDatabase } from '@astro/database';
import { sealStoredWebhookSecrets } from '@astro/delivery';
import { Command } from '../command';

export const migrate: Command = {
  name: 'migrate',
  summary: 'create the owner and application roles, apply migrations as the owner, grant the application role',
  async run({ db }) {
    const config = loadConfig();
    const { applied } = await setUpDatabase(config.databaseAdminUrl, config.databaseAppPassword());
    const sealed = await sealStoredWebhookSecrets(db);
    if (sealed > 0) console.log(`webhook secrets sealed under the current WEBHOOK_SECRET_KEY: ${sealed}`);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database schema is up to date');
  },
};
