import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counters of the login throttle, shared by every API replica: one row per throttled key
 * (`email:<address>` or `address:<client ip>`). Times are milliseconds of the API's clock, so the
 * throttle's arithmetic is plain and testable with an injected clock. Rows of keys quiet for longer
 * than the throttle's window are swept by the API.
 */
export class LoginThrottle1733300000000 implements MigrationInterface {
  name = 'LoginThrottle1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_throttle (
        key text PRIMARY KEY,
        failures int NOT NULL DEFAULT 0 CHECK (failures >= 0),
        window_started_ms bigint NOT NULL DEFAULT 0,
        last_failure_ms bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX login_throttle_last_failure ON login_throttle (last_failure_ms)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_throttle`);
  }
}
