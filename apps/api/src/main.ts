import { loadConfig } from '@astro/config';
import { connectPlatform, createApiApp } from './create-app';

async function main(): Promise<void> {
  const config = loadConfig();
  const api = await createApiApp(await connectPlatform(config));
  await api.app.listen(config.port, config.host);
  console.log(`api: listening on http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port} (docs at /docs)`);
}

main().catch((err) => {
  console.error('api: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
