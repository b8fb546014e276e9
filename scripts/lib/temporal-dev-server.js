'use strict';
const path = require('node:path');
const fs = require('node:fs');
const { startChild, portOpen, waitFor } = require('./processes');

// Registered at start so operators can filter jobs by account, kind and stage in the Web UI and read
// a job's request id, operation and price without the codec (libs/search-attributes).
const SEARCH_ATTRIBUTES = {
  AstroAccountId: 'Keyword',
  AstroJobKind: 'Keyword',
  AstroJobStage: 'Keyword',
  AstroRequestId: 'Keyword',
  AstroOperation: 'Keyword',
  AstroPriceCredits: 'Int',
};

/** The CLI's flags that register them (`--search-attribute Name=Type`), for every dev server we start. */
const searchAttributeFlags = () => Object.entries(SEARCH_ATTRIBUTES).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]);

/**
 * `temporal server start-dev` with its history in a SQLite file under var/ and the UI on uiPort;
 * with codecEndpoint, the UI decodes payloads through that codec server (scripts/lib/temporal-ui-codec.js).
 */
async function startTemporalDevServer(cli, { root, port = 7233, uiPort = 8233, codecEndpoint, logLevel = 'warn' }) {
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
    logLevel,
    ...(codecEndpoint ? ['--ui-codec-endpoint', codecEndpoint] : []),
    ...searchAttributeFlags(),
  ];
  const child = startChild('temporal', cli, args);
  const listening = async () => {
    if (child.exitCode !== null) throw new Error(`the Temporal dev server exited (${child.exitCode}); its output is above`);
    return portOpen('127.0.0.1', port);
  };
  await waitFor('the Temporal dev server', listening, 90000);
  await waitFor('the Temporal Web UI', () => portOpen('127.0.0.1', uiPort), 30000);
  return child;
}

module.exports = { startTemporalDevServer, searchAttributeFlags, SEARCH_ATTRIBUTES };
