import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator keys: the credential of the admin routes (/v1/admin/…). A table of their own, so no
 * customer API key can ever be one: the admin guard looks only here, the customer guard never does.
 */
export class OperatorKeys1732700000000 implements MigrationInterface {
  name = 'OperatorKeys1732700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operator_keys (
        id text PRIMARY KEY,
        key_hash bytea NOT NULL UNIQUE,
        key_prefix text NOT NULL,
        label text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE operator_keys`);
  }
}
