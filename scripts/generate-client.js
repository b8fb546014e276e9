'use strict';
// `npm run client:generate`: writes the OpenAPI document the API serves and generates the typed
// TypeScript client's types from it with openapi-typescript (clients/typescript/src/schema.ts). Run it
// whenever a route, schema or header changes: test/generated-clients.test.ts fails while the committed
// types differ from what openapi-typescript makes of the live document.
const path = require('node:path');
const { run } = require('./lib/run');

const ROOT = path.resolve(__dirname, '..');
const DOCUMENT = path.join(ROOT, 'var', 'openapi.json');
const TARGET = path.join(ROOT, 'clients', 'typescript', 'src', 'schema.ts');

async function main() {
  await run(process.execPath, [path.join(__dirname, 'run-ts.js'), 'scripts/write-openapi.ts', DOCUMENT], { cwd: ROOT, quiet: true });
  // The same command line the test runs against the live document, so the two outputs compare byte for byte.
  await run(process.execPath, [path.join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), DOCUMENT, '-o', TARGET], {
    cwd: ROOT,
    quiet: true,
  });
  console.log(`client types written to ${path.relative(ROOT, TARGET)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
