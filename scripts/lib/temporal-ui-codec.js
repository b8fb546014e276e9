'use strict';
// How `npm start` lets an operator read payloads in the Temporal Web UI: the dev server's UI is
// told where the codec server is (--ui-codec-endpoint) and the codec server which origins are the
// UI's. The browser test (test/temporal-ui-codec.test.ts) starts both from this same function.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * The UI on uiPort calls the codec server on codecPort from the operator's browser (a cross-origin
 * fetch without credentials: the UI sends its access token only over https). The codec server
 * answers pages from the UI's origins and, without an Origin, only callers with the token.
 */
function temporalUiCodec({ uiPort = 8233, codecPort = 8888, token }) {
  const uiOrigins = [`http://127.0.0.1:${uiPort}`, `http://localhost:${uiPort}`];
  const codecEndpoint = `http://127.0.0.1:${codecPort}`;
  return {
    codecEndpoint,
    uiOrigins,
    codecEnv: {
      CODEC_SERVER_HOST: '127.0.0.1',
      CODEC_SERVER_PORT: String(codecPort),
      CODEC_SERVER_ALLOWED_ORIGIN: uiOrigins.join(','),
      CODEC_SERVER_TOKEN: token,
    },
  };
}

/** CODEC_SERVER_TOKEN, or one generated once into var/secrets/codec-server-token (readable by its owner only). */
function codecServerToken(root) {
  if (process.env.CODEC_SERVER_TOKEN) return process.env.CODEC_SERVER_TOKEN;
  const file = path.join(root, 'var', 'secrets', 'codec-server-token');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

module.exports = { temporalUiCodec, codecServerToken };
