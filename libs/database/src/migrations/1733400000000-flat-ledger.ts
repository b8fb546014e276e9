import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-key usage trigger function of this migration; `guard` is PL/pgSQL run first (1733500000000
 * returns there when the batch charge function has counted its own charges).
 */
export function keyUsageTriggerFunction(guard = ''): string {
  return `
      CREATE OR REPLACE FUNCTION events_count_key_usage() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
${guard}        INSERT INTO api_key_usage AS u (key_id, account_id, charges, credits_charged)
        SELECT substr(n.metadata->>'actor', 5), substr(n.stream_id, 9), count(*), sum((n.payload->>'amount')::bigint)
          FROM appended n
         WHERE n.event_type = 'CreditsCharged' AND n.stream_id LIKE 'account:%' AND n.metadata->>'actor' LIKE 'key:%'
         GROUP BY 1, 2
         ORDER BY 1
        ON CONFLICT (key_id) DO UPDATE
          SET charges = u.charges + EXCLUDED.charges, credits_charged = u.credits_charged + EXCLUDED.credits_charged;
        -- A refund counts for the key of each charge of its job (as the fold of the log does).
        INSERT INTO api_key_usage AS u (key_id, account_id, credits_refunded)
        SELECT substr(c.metadata->>'actor', 5), substr(r.stream_id, 9), sum((r.payload->>'amount')::bigint)
          FROM appended r
          JOIN events c ON (c.payload->>'job_id') = (r.payload->>'job_id') AND c.stream_id = r.stream_id
                       AND c.event_type = 'CreditsCharged' AND c.metadata->>'actor' LIKE 'key:%'
         WHERE r.event_type = 'CreditsRefunded' AND r.stream_id LIKE 'account:%' AND (r.payload->>'job_id') IS NOT NULL
         GROUP BY 1, 2
         ORDER BY 1
        ON CONFLICT (key_id) DO UPDATE SET credits_refunded = u.credits_refunded + EXCLUDED.credits_refunded;
        RETURN NULL;
      END $$`;
}

/**
 * A ledger whose reads stay flat as the log grows (docs/adr/0006-flat-ledger.md):
 * - `events_job_id_idx`: the charges and refunds of one job found by its id (jobs:show, jobs:retry,
 *   the restore of a settled job in the reconciliation) instead of walking the account's stream;
 * - `api_key_usage`: per-key charge counters written in the transaction that appends the charge or
 *   refund, so the key list reads one row per key instead of folding the account's stream;
 * - `ledger_checkpoints` and `ledger_checkpoint_accounts`: the finance fold at each month end, so a
 *   month's reconciliation and statement read only that month's events;
 * - `events_event_type_idx` dropped: no query filters on the event type without the stream.
 */
export class FlatLedger1733400000000 implements MigrationInterface {
  name = 'FlatLedger1733400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX events_job_id_idx ON events ((payload->>'job_id')) WHERE (payload->>'job_id') IS NOT NULL`);
    await q.query(`DROP INDEX IF EXISTS events_event_type_idx`);

    await q.query(`
      CREATE TABLE api_key_usage (
        key_id           text   PRIMARY KEY,
        account_id       text   NOT NULL,
        charges          bigint NOT NULL DEFAULT 0,
        credits_charged  bigint NOT NULL DEFAULT 0,
        credits_refunded bigint NOT NULL DEFAULT 0
      )`);
    // A statement trigger sees every row of a multi-row INSERT at once (the charge batch writes
    // hundreds of charges in one statement), so the counters cost one upsert per statement.
    await q.query(keyUsageTriggerFunction());
    await q.query(`CREATE TRIGGER events_key_usage AFTER INSERT ON events REFERENCING NEW TABLE AS appended
                   FOR EACH STATEMENT EXECUTE FUNCTION events_count_key_usage()`);
    await q.query(`
      INSERT INTO api_key_usage (key_id, account_id, charges, credits_charged, credits_refunded)
      WITH charges AS (
        SELECT substr(metadata->>'actor', 5) AS key_id, substr(stream_id, 9) AS account_id, stream_id,
               (payload->>'amount')::bigint AS amount, payload->>'job_id' AS job_id
          FROM events WHERE event_type = 'CreditsCharged' AND stream_id LIKE 'account:%' AND metadata->>'actor' LIKE 'key:%'
      ), refunds AS (
        SELECT stream_id, payload->>'job_id' AS job_id, sum((payload->>'amount')::bigint) AS amount
          FROM events WHERE event_type = 'CreditsRefunded' AND stream_id LIKE 'account:%' GROUP BY 1, 2
      )
      SELECT c.key_id, min(c.account_id), count(*), sum(c.amount), COALESCE(sum(r.amount), 0)
        FROM charges c LEFT JOIN refunds r ON r.job_id = c.job_id AND r.stream_id = c.stream_id GROUP BY c.key_id`);

    await q.query(`
      CREATE TABLE ledger_checkpoints (
        period_end     timestamptz PRIMARY KEY,
        last_position  bigint      NOT NULL,
        next_position  bigint      NOT NULL,
        events_before  bigint      NOT NULL,
        state          jsonb       NOT NULL,
        built_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ledger_checkpoint_accounts (
        account_id   text        NOT NULL,
        period_end   timestamptz NOT NULL REFERENCES ledger_checkpoints ON DELETE CASCADE,
        name         text        NOT NULL,
        tier         text        NOT NULL,
        balance      bigint      NOT NULL,
        granted      bigint      NOT NULL,
        charged      bigint      NOT NULL,
        refunded     bigint      NOT NULL,
        last_version int         NOT NULL,
        next_version int         NOT NULL,
        PRIMARY KEY (account_id, period_end)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_checkpoint_accounts`);
    await q.query(`DROP TABLE ledger_checkpoints`);
    await q.query(`DROP TRIGGER events_key_usage ON events`);
    await q.query(`DROP FUNCTION events_count_key_usage()`);
    await q.query(`DROP TABLE api_key_usage`);
    await q.query(`CREATE INDEX events_event_type_idx ON events (event_type, position)`);
    await q.query(`DROP INDEX events_job_id_idx`);
  }
}
