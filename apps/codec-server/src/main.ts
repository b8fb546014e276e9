import { payloadCodec } from '@astro/codec';
import { loadConfig } from '@astro/config';
import { createCodecServer } from './codec-server';

/**
 * `npm run codec-server`: the Temporal Web UI's codec endpoint. With the dev server of `npm start`,
 * open the UI at http://127.0.0.1:8233, then Settings → Codec Server → http://127.0.0.1:8888 (or start
 * the dev server with `--ui-codec-endpoint http://127.0.0.1:8888`). See docs/security.md.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const port = Number(process.env.CODEC_SERVER_PORT || 8888);
  const host = process.env.CODEC_SERVER_HOST || '127.0.0.1';
  const app = createCodecServer({
    codec: payloadCodec(config),
    allowedOrigin: process.env.CODEC_SERVER_ALLOWED_ORIGIN || 'http://127.0.0.1:8233',
    token: process.env.CODEC_SERVER_TOKEN || undefined,
  });
  await app.listen({ port, host });
  console.log(
    `codec server: http://${host}:${port} (POST /decode, /encode)${process.env.CODEC_SERVER_TOKEN ? ', token required' : ', no token: keep it on 127.0.0.1'}`,
  );
}

main().catch((err) => {
  console.error('codec server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
