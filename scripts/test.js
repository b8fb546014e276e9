'use strict';
// `npm test`: sets up whatever is missing (npm packages, Temporal CLI, PostgreSQL), runs the static
// checks, then every jest test of both projects (jest.config.js): the unit tests and the integration
// tests against real PostgreSQL and Temporal. Extra arguments go to jest, e.g.
// `npm test -- test/jobs.test.ts`. `npm run test:unit` (scripts/test-unit.js) runs the unit project alone.
const path = require('node:path');
const { ROOT, ensureNodeModules } = require('./lib/dependencies');

async function main() {
  await ensureNodeModules();
  const { step, withHeartbeat } = require('./lib/log');
  const { run } = require('./lib/run');
  const { ensureTemporalCli } = require('./lib/temporal-cli');
  const { ensureS3Server } = require('./lib/s3-server');
  const { ensurePostgres } = require('./lib/postgres');
  const { portOpen } = require('./lib/processes');

  const { ensureDebianPackages } = require('./lib/debian');
  const { runJest, runAllJest } = require('./lib/jest');

  await ensureDebianPackages([
    'tzdata',
    'swetest',
    'swe-basic-data',
    'chromium',
    'fonts-noto-core',
    'fonts-noto-cjk',
    'fonts-dejavu-core',
    'poppler-utils',
  ]);
  const temporalCli = await ensureTemporalCli();
  const s3Server = await ensureS3Server();
  const postgres = await ensurePostgres('postgres');
  const env = { ...process.env, TEMPORAL_CLI_PATH: temporalCli, TEST_S3_SERVER: s3Server, TEST_DATABASE_SERVER_URL: postgres.url };
  // Optional: the Redis rate-limit store is tested where a Redis server answers.
  if (!env.TEST_REDIS_URL && (await portOpen('127.0.0.1', 6379))) env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
  step(env.TEST_REDIS_URL ? `Redis: ${env.TEST_REDIS_URL}` : 'Redis: none on 127.0.0.1:6379 (its tests will be skipped)');
  const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
  let code = 0;
  try {
    await withHeartbeat(
      'checking the dependency rule (dependency-cruiser, .dependency-cruiser.js)',
      run(bin('depcruise'), ['apps', 'libs', 'workflows', 'test', 'scripts', 'clients', '--config', '.dependency-cruiser.js'], {
        cwd: ROOT,
      }),
    );
    // Cycles between folders (libs/<lib>/src/<folder>), which dependency-cruiser's no-circular does not see.
    await withHeartbeat(
      'checking that folders import one way (scripts/check-folder-cycles.ts)',
      run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'scripts/check-folder-cycles.ts', 'libs', 'apps'], { cwd: ROOT }),
    );
    // `examples:record` runs the tests to record calls, not to judge the tree: it skips the static
    // checks (and lints the OpenAPI document itself once the new examples are in).
    if (process.env.RECORD_OPENAPI_EXAMPLES) {
      step('recording examples: ESLint, Prettier and the OpenAPI lint are skipped');
    } else {
      await withHeartbeat('linting (ESLint, eslint.config.js)', run(bin('eslint'), ['.'], { cwd: ROOT }));
      await withHeartbeat(
        'checking the format (Prettier, .prettierrc.json; `npm run format` fixes it)',
        run(bin('prettier'), ['--check', '--log-level', 'warn', '.'], { cwd: ROOT }),
      );
      const { lintOpenApi } = require('./lint-openapi');
      await withHeartbeat('linting the OpenAPI document (Redocly CLI, redocly.yaml)', lintOpenApi());
    }
    // The prose check (docs/content.md): every content file, then texts generated from the templates.
    await withHeartbeat(
      'writing generated texts for the prose check (scripts/prose-samples.ts → var/prose/)',
      run(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), path.join('scripts', 'prose-samples.ts')], { cwd: ROOT }),
    );
    await withHeartbeat(
      'checking the prose of content and generated texts (scripts/prose-check.mjs)',
      run(process.execPath, [path.join(ROOT, 'scripts', 'prose-check.mjs')], { cwd: ROOT }),
    );
    await withHeartbeat('type-checking (tsc --noEmit)', run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { cwd: ROOT }));
    step('running jest: the unit and integration projects (a Temporal dev server starts for the integration tests)');
    const jestArgs = process.argv.slice(2);
    code = jestArgs.length > 0 ? await runJest(jestArgs, env) : await runAllJest(env);
  } catch (err) {
    console.error(err.message.split('\n')[0]);
    code = 1;
  } finally {
    await postgres.stop().catch(() => {});
  }
  process.exit(code);
}

main().catch((err) => {
  console.error(`npm test failed to set up: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
