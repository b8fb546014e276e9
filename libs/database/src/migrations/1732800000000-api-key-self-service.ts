import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Self-service API keys: when a key was last used and how many requests it served
 * (flushed in batches by the API), and the end of a rotated key's grace period. A key whose
 * `expires_at` has passed authenticates no more, like a revoked one.
 */
export class ApiKeySelfService1732800000000 implements MigrationInterface {
  name = 'ApiKeySelfService1732800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys
        ADD COLUMN last_used_at  timestamptz,
        ADD COLUMN request_count bigint NOT NULL DEFAULT 0,
        ADD COLUMN expires_at    timestamptz,
        ADD COLUMN replaced_by   text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE api_keys DROP COLUMN last_used_at, DROP COLUMN request_count, DROP COLUMN expires_at, DROP COLUMN replaced_by`,
    );
  }
}
