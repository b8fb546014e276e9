import { MigrationInterface, QueryRunner } from 'typeorm';

/** The visual-reading job projection, folded from `visual_job:<vrj_…>` streams. */
export class VisualJobs1732290000000 implements MigrationInterface {
  name = 'VisualJobs1732290000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE visual_jobs (
        id               text PRIMARY KEY,
        account_id       text        NOT NULL,
        kind             text        NOT NULL,
        family           text        NOT NULL,
        sku              text        NOT NULL,
        locale           text        NOT NULL,
        subject_label    text        NOT NULL,
        upload_ids       jsonb       NOT NULL,
        status           text        NOT NULL,
        stage            text        NOT NULL,
        credits_charged  int         NOT NULL,
        credits_refunded int         NOT NULL DEFAULT 0,
        error_code       text,
        error_message    text,
        artifacts        jsonb       NOT NULL DEFAULT '{}'::jsonb,
        warnings         jsonb       NOT NULL DEFAULT '[]'::jsonb,
        version          int         NOT NULL,
        created_at       timestamptz NOT NULL,
        started_at       timestamptz,
        finished_at      timestamptz,
        updated_at       timestamptz NOT NULL,
        erased_at        timestamptz
      )`);
    await q.query(`CREATE INDEX visual_jobs_account_created_idx ON visual_jobs (account_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS visual_jobs`);
  }
}
