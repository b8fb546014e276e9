import { loadConfig } from '@astro/config';
import { assertTimeZoneDatabase } from '@astro/ephemeris';
import { loadGazetteer, timeZoneAt } from '@astro/places';
import { connectPlatform, createApiApp } from './create-app';

async function main(): Promise<void> {
  const config = loadConfig();
  // Every birth offset comes from the machine's tz database: without it the API must not start.
  const tz = assertTimeZoneDatabase();
  console.log(`api: tz database ${tz.version} from ${tz.directory}`);
  const api = await createApiApp(await connectPlatform(config));
  // Builds the place index (about 2 s) before the first request: a birth subject's place is resolved
  // inside validation, which would otherwise pay for it.
  loadGazetteer();
  timeZoneAt(0, 0);
  await api.app.listen(config.port, config.host);
  console.log(`api: listening on http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port} (docs at /docs)`);
}

main().catch((err) => {
  console.error('api: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
