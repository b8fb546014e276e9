import './register-aliases';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleWorkflows } from '../../apps/worker/src/worker-factory';
import { Client } from 'pg';
import { setUpDatabase } from '@astro/database';
import { ALL_SEARCH_ATTRIBUTES } from '@astro/search-attributes';

/**
 * Once per `npm test`: a fresh database (migrated) and a real Temporal dev server, both shared by
 * the test files; each file makes its own accounts and task queue, so files run in parallel.
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  const temporalCli = process.env.TEMPORAL_CLI_PATH;
  if (!serverUrl || !temporalCli) {
    throw new Error(
      'run the tests with `npm test`: it finds PostgreSQL and the Temporal CLI and sets TEST_DATABASE_SERVER_URL and TEMPORAL_CLI_PATH',
    );
  }
  const database = `astro_test_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  // The tests commit tens of thousands of small transactions; none crashes PostgreSQL, so a commit need
  // not wait for its WAL flush (the order and atomicity of commits are unchanged): several times faster
  // on a loaded machine.
  await admin.query(`ALTER DATABASE ${database} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  // Roles and migrations as an operator would; the API and workers of the tests then connect as
  // the least-privileged application role (TEST_DATABASE_URL), fixtures as the administrator.
  const { appUrl } = await setUpDatabase(url.toString(), 'astro-test-app-password');
  process.env.TEST_DATABASE_ADMIN_URL = url.toString();
  process.env.TEST_DATABASE_URL = appUrl;
  process.env.TEST_DATABASE_NAME = database;

  const temporal = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: temporalCli },
      searchAttributes: ALL_SEARCH_ATTRIBUTES,
      log: { format: 'pretty', level: 'error' },
    },
  });
  process.env.TEST_TEMPORAL_ADDRESS = temporal.address;

  // Bundle the workflows once; every test worker loads the same bundle.
  const code = await bundleWorkflows();
  const bundlePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astro-test-')), 'workflow-bundle.js');
  fs.writeFileSync(bundlePath, code);
  process.env.TEST_WORKFLOW_BUNDLE = bundlePath;
  (globalThis as Record<string, unknown>).__temporalEnvironment = temporal;
}
