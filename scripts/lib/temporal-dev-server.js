'use strict';
const path = require('node:path');
const fs = require('node:fs');
const { startChild, portOpen, waitFor } = require('./processes');

// Registered at start so operators can filter jobs by account, kind and stage in the Web UI.
const SEARCH_ATTRIBUTES = ['AstroAccountId', 'AstroJobKind', 'AstroJobStage'];

/** `temporal server start-dev` with its history in a SQLite file under var/ and the UI on uiPort. */
async function startTemporalDevServer(cli, { root, port = 7233, uiPort = 8233 }) {
  if (await portOpen('127.0.0.1', port)) {
    throw new Error(`port ${port} is taken: another Temporal server runs? Stop it, or point TEMPORAL_ADDRESS at it.`);
  }
  fs.mkdirSync(path.join(root, 'var'), { recursive: true });
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--ui-port',
    String(uiPort),
    '--db-filename',
    path.join(root, 'var', 'temporal.db'),
    '--log-level',
    'warn',
    ...SEARCH_ATTRIBUTES.flatMap((name) => ['--search-attribute', `${name}=Keyword`]),
  ];
  const child = startChild('temporal', cli, args);
  await waitFor('the Temporal dev server', () => portOpen('127.0.0.1', port), 90000);
  await waitFor('the Temporal Web UI', () => portOpen('127.0.0.1', uiPort), 30000);
  return child;
}

module.exports = { startTemporalDevServer, SEARCH_ATTRIBUTES };
