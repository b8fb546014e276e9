import { payloadCodec } from '@astro/codec';
import { loadConfig } from '@astro/config';
import { createCodecServer } from './codec-server';
import { codecServerSettings } from './settings';

/**
 * The Temporal Web UI's codec endpoint. `npm start` runs it beside the dev server, whose UI it
 * configures to call it (scripts/lib/temporal-ui-codec.js); `npm run codec-server` runs it alone,
 * e.g. for a UI or CLI of another cluster. See docs/operations.md, "Reading payloads".
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const settings = codecServerSettings(process.env);
  const app = createCodecServer({ codec: payloadCodec(config), allowedOrigins: settings.allowedOrigins, token: settings.token });
  await app.listen({ port: settings.port, host: settings.host });
  console.log(
    `codec server: http://${settings.host}:${settings.port} (POST /decode, /encode) for the Web UI at ${settings.allowedOrigins.join(', ') || '(none)'}` +
      (settings.token ? ' and callers with CODEC_SERVER_TOKEN' : ''),
  );
}

main().catch((err) => {
  console.error('codec server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
