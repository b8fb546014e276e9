import './register-aliases';
/**
 * A real worker process in which one activity never finishes (and never heartbeats): the report
 * rendering by default, or the activity named by STALL_ACTIVITY. The test kills it with SIGKILL
 * mid-step to show that Temporal hands the job to another worker. Run by
 * test/report-durability.test.ts and test/visual-durability.test.ts with the test's configuration
 * in the environment.
 */
import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '@astro/config';
import { Database } from '@astro/database';
import { PdfRenderer } from '@astro/rendering';
import { createActivities, createWorker } from '../../apps/worker/src/worker-factory';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await Database.connect(config.databaseUrl, { poolSize: 2 });
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const activities = createActivities(config, db, new PdfRenderer());
  const worker = await createWorker(
    config,
    connection,
    {
      ...activities,
      [process.env.STALL_ACTIVITY || 'renderReportPdf']: () => {
        process.stdout.write('rendering-started\n');
        return new Promise<never>(() => undefined);
      },
    },
    process.env.TEST_WORKFLOW_BUNDLE,
  );
  process.stdout.write('worker-ready\n');
  await worker.run();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
