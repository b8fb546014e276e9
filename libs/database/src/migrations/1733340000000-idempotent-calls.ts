import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Idempotency-Key of synchronous charged calls (apps/api/src/http/idempotent-calls.ts): one row
 * per (account, key), claimed before the call computes, holding whether the call was charged and,
 * once it answered, its stored answer. Plain table: it holds no money (the charge is an event; the
 * `charged` flag is written in the charge's own transaction). Rows older than the retention window
 * (24 hours) are purged.
 */
export class IdempotentCalls1733340000000 implements MigrationInterface {
  name = 'IdempotentCalls1733340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotent_calls (
        account_id       text        NOT NULL,
        idempotency_key  text        NOT NULL,
        request_hash     text        NOT NULL,
        claim_id         text        NOT NULL,
        claimed_at       timestamptz NOT NULL DEFAULT now(),
        charged          boolean     NOT NULL DEFAULT false,
        response_status  int,
        response_headers jsonb,
        response_body    text,
        created_at       timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX idempotent_calls_created_at ON idempotent_calls (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS idempotent_calls`);
  }
}
