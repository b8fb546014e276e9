'use strict';
// `npm run test:unit`: the unit project of jest.config.js alone, the pure tests beside the code. No
// server starts (no PostgreSQL, Temporal or Chromium) and no static check runs; `npm test` runs
// those and both projects. Extra arguments go to jest, e.g. `npm run test:unit -- libs/vedic`.
const { ensureNodeModules } = require('./lib/dependencies');

async function main() {
  await ensureNodeModules();
  const { ensureDebianPackages } = require('./lib/debian');
  const { step } = require('./lib/log');
  const { runJest } = require('./lib/jest');
  // The ephemeris tests compare with swetest on the Swiss Ephemeris files; the wheel and logo tests
  // rasterise text in the report fonts.
  await ensureDebianPackages(['swetest', 'swe-basic-data', 'fonts-noto-core', 'fonts-noto-cjk', 'fonts-dejavu-core']);
  step('running jest: the unit project');
  process.exit(await runJest([...process.argv.slice(2), '--selectProjects', 'unit']));
}

main().catch((err) => {
  console.error(`npm run test:unit failed to set up: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
