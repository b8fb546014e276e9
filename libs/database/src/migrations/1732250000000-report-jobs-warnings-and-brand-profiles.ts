import { MigrationInterface, QueryRunner } from 'typeorm';

/** Job warnings (e.g. a logo that could not be fetched) and the brand-profile projection. */
export class ReportJobsWarningsAndBrandProfiles1732250000000 implements MigrationInterface {
  name = 'ReportJobsWarningsAndBrandProfiles1732250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(`
      CREATE TABLE brand_profiles (
        id         text PRIMARY KEY,
        account_id text        NOT NULL,
        name       text        NOT NULL,
        branding   jsonb       NOT NULL,
        version    int         NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX brand_profiles_account_idx ON brand_profiles (account_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS brand_profiles`);
    await q.query(`ALTER TABLE jobs DROP COLUMN IF EXISTS warnings`);
  }
}
