import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operations: the `/metrics` scrape counts the unfinished jobs by kind, status and stage
 * every few seconds, and `deliveries:replay --since T` looks for the exhausted deliveries since T.
 * Partial indexes keep both to the few rows they concern, however long the history grows.
 */
export class OperationsIndexes1732900000000 implements MigrationInterface {
  name = 'OperationsIndexes1732900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX jobs_unfinished_idx ON jobs (kind, status, stage) WHERE status IN ('queued', 'running')`);
    await q.query(`CREATE INDEX visual_jobs_unfinished_idx ON visual_jobs (kind, status, stage) WHERE status IN ('queued', 'running')`);
    await q.query(
      `CREATE INDEX webhook_delivery_attempts_exhausted_idx ON webhook_delivery_attempts (updated_at) WHERE status = 'exhausted'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_delivery_attempts_exhausted_idx`);
    await q.query(`DROP INDEX visual_jobs_unfinished_idx`);
    await q.query(`DROP INDEX jobs_unfinished_idx`);
  }
}
