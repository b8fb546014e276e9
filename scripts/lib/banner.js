'use strict';
// What `npm start` prints when everything runs. A secret never goes into a log in full: the demo
// API key is shown by its first characters (enough to tell keys apart, far too few to use) and the
// file that holds it.

/** How many characters of a key are shown: its prefix (ak_live_) and four more. */
const SHOWN_CHARACTERS = 12;

/** `ak_live_AbCd… (whole key in var/demo-api-key)`: recognisable, not usable. */
function secretHint(secret, file) {
  return `${secret.slice(0, Math.min(SHOWN_CHARACTERS, Math.floor(secret.length / 3)))}… (whole key in ${file})`;
}

function startBanner({ port, temporalUi, codecServer, demoKey, demoKeyFile }) {
  const codecLine = codecServer ? `\n  │ Codec server   ${codecServer}` : '';
  return `
  ┌────────────────────────────────────────────────────────────────────────────
  │ API            http://127.0.0.1:${port}
  │ OpenAPI docs   http://127.0.0.1:${port}/docs   (JSON: /docs-json)
  │ Console        http://127.0.0.1:${port}/console   (sign in with the e-mail and password in var/demo-user)
  │ Temporal UI    ${temporalUi}${codecLine}
  │ Demo API key   ${secretHint(demoKey, demoKeyFile)}
  │                (customer login in var/demo-user)
  │ Enterprise key in var/demo-enterprise-api-key, its Cultural Intelligence org in var/demo-enterprise-org
  │ Try:           curl -H "Authorization: Bearer $(cat ${demoKeyFile})" \\
  │                  "http://127.0.0.1:${port}/v1/planets?dt=2024-03-20T12:00:00Z"
  │ Stop:          Ctrl-C
  └────────────────────────────────────────────────────────────────────────────`;
}

module.exports = { secretHint, startBanner };
