import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One idempotency store (apps/api/src/http/idempotent-calls.ts): `idempotent_calls` keeps the keys
 * of the job queues beside those of the synchronous calls. A key is unique within its `scope`:
 * `synchronous` for every synchronous charged call of the account (one key space), the queue
 * route's own for a queued job (the operation, or `visual_face` / `visual_palm`); a test key's
 * call has `test:` before its scope, never in its key.
 *
 * The queue keys of the last 24 hours (the store's retention) move over (moveQueueIdempotencyKeys)
 * and `idempotency_keys` goes. A moved row keeps its request's bare SHA-256 and its queued job in
 * clear (`response_body`) until `npm run cli -- migrate`, which runs right after the migrations
 * and has the key this SQL does not, keys the hash and seals the answer.
 */
export class OneIdempotencyStore1733900000000 implements MigrationInterface {
  name = 'OneIdempotencyStore1733900000000';

  async up(q: QueryRunner): Promise<void> {
    // The default keeps a replica of the previous release serving synchronous calls during a rolling update.
    await q.query(`ALTER TABLE idempotent_calls ADD COLUMN scope text NOT NULL DEFAULT 'synchronous'`);
    await q.query(`ALTER TABLE idempotent_calls DROP CONSTRAINT idempotent_calls_pkey`);
    await q.query(`ALTER TABLE idempotent_calls ADD PRIMARY KEY (account_id, scope, idempotency_key)`);
    await moveQueueIdempotencyKeys(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        account_id      text        NOT NULL,
        operation       text        NOT NULL,
        idempotency_key text        NOT NULL,
        request_hash    text        NOT NULL,
        response        jsonb,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, operation, idempotency_key)
      )`);
    await q.query(`DELETE FROM idempotent_calls WHERE scope <> 'synchronous'`);
    await q.query(`ALTER TABLE idempotent_calls DROP CONSTRAINT idempotent_calls_pkey`);
    await q.query(`ALTER TABLE idempotent_calls ADD PRIMARY KEY (account_id, idempotency_key)`);
    await q.query(`ALTER TABLE idempotent_calls DROP COLUMN scope`);
  }
}

/**
 * Moves the queue keys younger than 24 hours from `idempotency_keys` into `idempotent_calls` and
 * drops that table. Its `operation` becomes the scope; the stored queued job (a bare job handle in
 * the oldest rows) becomes the answer, status 202, claimed by its job id and charged (in the
 * queueing transaction that stored it).
 */
export async function moveQueueIdempotencyKeys(q: { query(sql: string, params?: unknown[]): Promise<unknown> }): Promise<void> {
  await q.query(`
    INSERT INTO idempotent_calls
      (account_id, scope, idempotency_key, request_hash, claim_id, claimed_at, charged, response_status, response_body, created_at)
    SELECT account_id,
           operation,
           idempotency_key,
           request_hash,
           COALESCE(response->>'jobId', response->>'job_id'),
           created_at,
           true,
           202,
           CASE WHEN response ? 'jobId' THEN response
                ELSE jsonb_build_object('jobId', response->>'job_id', 'handle', response, 'creditsCharged', 0, 'creditsRemaining', 0)
           END::text,
           created_at
      FROM idempotency_keys
     WHERE response IS NOT NULL AND created_at >= now() - interval '24 hours'
    ON CONFLICT DO NOTHING`);
  await q.query(`DROP TABLE idempotency_keys`);
}
