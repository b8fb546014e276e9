'use strict';
// `npm start`: sets up whatever is missing, then runs PostgreSQL (if embedded), the Temporal dev
// server, the worker and the API until Ctrl-C. Safe to run again: every step checks first.
const fs = require('node:fs');
const path = require('node:path');
const { step, withHeartbeat } = require('./lib/log');
const { ROOT, ensureNodeModules } = require('./lib/dependencies');

/**
 * The API's V8 flags (also in docker/Dockerfile and docker/compose.yaml): a 64 MB young generation
 * semi-space (Node 20's default is 16 MB), so that a request's short-lived objects (parsed input,
 * answer, its JSON) die in fewer scavenges; docs/operations.md, "The API's heap".
 */
const API_NODE_FLAGS = ['--max-semi-space-size=64'];

const children = [];
let postgres = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  const { step } = require('./lib/log');
  const { stopChild } = require('./lib/processes');
  step('stopping: API, worker, Temporal, PostgreSQL');
  for (const child of [...children].reverse()) await stopChild(child);
  if (postgres) await postgres.stop().catch(() => {});
  step('stopped');
  process.exit(code);
}

async function main() {
  await ensureNodeModules();
  const { run } = require('./lib/run');
  const { ensureTemporalCli } = require('./lib/temporal-cli');
  const { ensurePostgres } = require('./lib/postgres');
  const { startTemporalDevServer } = require('./lib/temporal-dev-server');
  const { temporalUiCodec, codecServerToken } = require('./lib/temporal-ui-codec');
  const { startChild, waitFor } = require('./lib/processes');

  const { ensureDebianPackages } = require('./lib/debian');
  await ensureDebianPackages(['tzdata', 'swe-basic-data', 'chromium', 'fonts-noto-core', 'fonts-noto-cjk', 'fonts-dejavu-core']);
  const useDevServer = !process.env.TEMPORAL_ADDRESS;
  const temporalCli = useDevServer ? await ensureTemporalCli() : null;
  postgres = await ensurePostgres('astro');
  const port = Number(process.env.PORT || 3000);
  // The CLI (migrations, demo accounts) uses the administrative connection; the API and the worker
  // connect as the least-privileged application role that `migrate` creates (docs/security.md).
  const env = { ...process.env, DATABASE_URL: postgres.url, DATABASE_ADMIN_URL: postgres.url, PORT: String(port) };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  await withHeartbeat(
    'compiling TypeScript (npm run build: tsc, then tsc-alias resolves the @astro/* imports)',
    run('npm', ['run', 'build', '--silent'], { cwd: ROOT }),
  );
  const cli = (args) => run(process.execPath, [path.join(ROOT, 'dist', 'apps', 'cli', 'src', 'main.js'), ...args], { cwd: ROOT, env });
  step('database: roles and migrations');
  await cli(['migrate']);
  const appPassword =
    process.env.DATABASE_APP_PASSWORD || fs.readFileSync(path.join(ROOT, 'var', 'secrets', 'db-app-password'), 'utf8').trim();
  const appUrl = new URL(postgres.url);
  appUrl.username = 'astro_app';
  appUrl.password = appPassword;
  const appEnv = { ...env, DATABASE_URL: appUrl.toString(), DATABASE_ADMIN_URL: '' };

  // The Web UI decodes payloads through the codec server (docs/operations.md, "Reading payloads").
  const uiCodec = useDevServer ? temporalUiCodec({ token: codecServerToken(ROOT) }) : null;
  if (useDevServer) {
    step('Temporal: starting the dev server (SQLite in var/temporal.db, Web UI on :8233, codec server on :8888)');
    children.push(await startTemporalDevServer(temporalCli, { root: ROOT, codecEndpoint: uiCodec.codecEndpoint }));
  } else {
    step(`Temporal: using ${process.env.TEMPORAL_ADDRESS} (namespace ${process.env.TEMPORAL_NAMESPACE || 'default'})`);
  }

  const keyFile = path.join(ROOT, 'var', 'demo-api-key');
  const userFile = path.join(ROOT, 'var', 'demo-user');
  step('demo account: checking');
  await cli(['demo', '--key-file', keyFile, '--user-file', userFile]);
  // Cultural Intelligence needs an Enterprise key: a second demo account with one org.
  await cli([
    'demo:enterprise',
    '--key-file',
    path.join(ROOT, 'var', 'demo-enterprise-api-key'),
    '--org-file',
    path.join(ROOT, 'var', 'demo-enterprise-org'),
  ]);

  const spawnApp = (name, extraEnv = {}) => {
    const nodeFlags = name === 'api' ? API_NODE_FLAGS : [];
    const child = startChild(name, process.execPath, [...nodeFlags, path.join(ROOT, 'dist', 'apps', name, 'src', 'main.js')], {
      cwd: ROOT,
      env: { ...appEnv, ...extraEnv },
    });
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`${name} exited unexpectedly (${code}); stopping everything`);
        shutdown(1);
      }
    });
    children.push(child);
  };
  step(`starting the worker and the API${uiCodec ? ' and the codec server' : ''}`);
  spawnApp('worker');
  spawnApp('api');
  if (uiCodec) spawnApp('codec-server', uiCodec.codecEnv);
  await waitFor(
    'the API',
    async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
      } catch {
        return false;
      }
    },
    90000,
  );

  const { startBanner } = require('./lib/banner');
  const demoKey = fs.readFileSync(keyFile, 'utf8').trim();
  const temporalUi = useDevServer ? 'http://127.0.0.1:8233' : "(your cluster's UI)";
  const tokenHint = process.env.CODEC_SERVER_TOKEN ? '$CODEC_SERVER_TOKEN' : '$(cat var/secrets/codec-server-token)';
  const codecServer = uiCodec ? `${uiCodec.codecEndpoint} (CLI: --codec-auth "Bearer ${tokenHint}")` : null;
  console.log(startBanner({ port, temporalUi, codecServer, demoKey, demoKeyFile: path.relative(ROOT, keyFile) }));
}

main().catch(async (err) => {
  console.error(`\nstart failed: ${err instanceof Error ? err.message : String(err)}`);
  await shutdown(1);
});
