'use strict';
// `npm run chaos [scenario…]`: the fault suite (test/chaos/main.ts) against the platform's real
// processes. Finds or builds the Temporal CLI and MinIO as `npm test` does, then runs the suite.
const path = require('node:path');
const { ROOT, ensureNodeModules } = require('./lib/dependencies');

async function main() {
  await ensureNodeModules();
  const { run } = require('./lib/run');
  const { ensureTemporalCli } = require('./lib/temporal-cli');
  const { ensureS3Server } = require('./lib/s3-server');
  const { ensureDebianPackages } = require('./lib/debian');
  await ensureDebianPackages(['swe-basic-data', 'chromium', 'fonts-noto-core', 'fonts-noto-cjk', 'fonts-dejavu-core']);
  const env = { ...process.env, TEMPORAL_CLI_PATH: await ensureTemporalCli(), TEST_S3_SERVER: await ensureS3Server() };
  await run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), path.join('test', 'chaos', 'main.ts'), ...process.argv.slice(2)], {
    cwd: ROOT,
    env,
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message.split('\n')[0] : err);
  process.exit(1);
});
