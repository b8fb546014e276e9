import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An Idempotency-Key's stored answer is sealed (IdempotencySeal of @astro/codec): `response_sealed`
 * holds its headers and body encrypted, and `request_hash` becomes a keyed hash. Rows written before
 * (their clear `response_headers` and `response_body`, their bare SHA-256) are converted by
 * `npm run cli -- migrate` right after this migration, which has the key this SQL does not: the
 * bare hash is keyed as it stands (the keyed hash is an HMAC of the request's SHA-256) and the
 * answer sealed, and the clear columns are emptied. Nothing writes the clear columns any more; they
 * go once no row older than the 24-hour retention can hold them.
 */
export class SealedIdempotentAnswers1733747000000 implements MigrationInterface {
  name = 'SealedIdempotentAnswers1733747000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotent_calls ADD COLUMN response_sealed bytea`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotent_calls DROP COLUMN IF EXISTS response_sealed`);
  }
}
