import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test mode: an API key is live or test (`ak_test_…`), and what a key makes carries its mode: report
 * jobs, visual-reading jobs and webhook subscriptions (a delivery is its subscription's). A plain
 * column, so lists filter on it and live and test objects never see each other. Rows before this
 * migration are live.
 */
export class TestMode1733800000000 implements MigrationInterface {
  name = 'TestMode1733800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['api_keys', 'jobs', 'visual_jobs', 'webhook_subscriptions', 'webhook_delivery_attempts']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN livemode boolean NOT NULL DEFAULT true`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['api_keys', 'jobs', 'visual_jobs', 'webhook_subscriptions', 'webhook_delivery_attempts']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS livemode`);
    }
  }
}
