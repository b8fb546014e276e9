import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const temporal = (globalThis as Record<string, unknown>).__temporalEnvironment as TestWorkflowEnvironment | undefined;
  await temporal?.teardown();
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  const database = process.env.TEST_DATABASE_NAME;
  if (serverUrl && database && !process.env.KEEP_TEST_DATABASE) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
