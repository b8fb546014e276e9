import { MigrationInterface, QueryRunner } from 'typeorm';
import { batchLockedChargeFunction } from './1733200000000-batch-locked-charges';
import { KeyUsageInChargeBatch1733500000000 } from './1733500000000-key-usage-in-charge-batch';

/**
 * Folds the charges and refunds an account's stream gained since its last fold into the per-key
 * counters, and moves the fold's mark to the stream's last version. Stream versions are taken in
 * order under the account's lock (the batch function) or the stream's unique key (every other
 * append), so once a version is visible every lower one is too: a fold up to the last visible
 * version misses nothing and counts nothing twice. Concurrent folds of one account queue on the
 * mark's row. A refund counts for the key of each charge of its job, as `usageByKeyFromLog` does.
 */
const FOLD_FUNCTION = `
  CREATE FUNCTION fold_api_key_usage(p_account text) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    v_stream text := 'account:' || p_account;
    v_from int;
    v_through int;
  BEGIN
    INSERT INTO api_key_usage_folds (account_id, through_version) VALUES (p_account, 0) ON CONFLICT DO NOTHING;
    SELECT through_version INTO v_from FROM api_key_usage_folds WHERE account_id = p_account FOR UPDATE;
    SELECT max(stream_version) INTO v_through FROM events WHERE stream_id = v_stream AND stream_version > v_from;
    IF v_through IS NULL THEN RETURN; END IF;
    INSERT INTO api_key_usage AS u (key_id, account_id, charges, credits_charged)
    SELECT substr(e.metadata->>'actor', 5), p_account, count(*), sum((e.payload->>'amount')::bigint)
      FROM events e
     WHERE e.stream_id = v_stream AND e.stream_version > v_from AND e.stream_version <= v_through
       AND e.event_type = 'CreditsCharged' AND e.metadata->>'actor' LIKE 'key:%'
     GROUP BY 1
     ORDER BY 1
    ON CONFLICT (key_id) DO UPDATE
      SET charges = u.charges + EXCLUDED.charges, credits_charged = u.credits_charged + EXCLUDED.credits_charged;
    INSERT INTO api_key_usage AS u (key_id, account_id, credits_refunded)
    SELECT substr(c.metadata->>'actor', 5), p_account, sum((r.payload->>'amount')::bigint)
      FROM events r
      JOIN events c ON (c.payload->>'job_id') = (r.payload->>'job_id') AND c.stream_id = v_stream
                   AND c.event_type = 'CreditsCharged' AND c.metadata->>'actor' LIKE 'key:%'
     WHERE r.stream_id = v_stream AND r.stream_version > v_from AND r.stream_version <= v_through
       AND r.event_type = 'CreditsRefunded' AND (r.payload->>'job_id') IS NOT NULL
     GROUP BY 1
     ORDER BY 1
    ON CONFLICT (key_id) DO UPDATE SET credits_refunded = u.credits_refunded + EXCLUDED.credits_refunded;
    UPDATE api_key_usage_folds SET through_version = v_through WHERE account_id = p_account;
  END $$`;

/**
 * Per-key usage is folded from the log when it is read, instead of counted in the transaction that
 * appends each charge (docs/adr/0006-flat-ledger.md). The charge batch is every synchronous
 * request's write, so the counting there (an upsert per key per batch, two settings, and the
 * statement trigger capturing each appended row into a transition table even when it returned at
 * once) was PostgreSQL work on the metered path that the platform before the flat ledger did not
 * do (docs/benchmarks.md, the metering runs). The key list now folds what its account appended
 * since the last read: reads stay flat as the log grows, and the write path is that of before.
 */
export class KeyUsageFoldedOnRead1733600000000 implements MigrationInterface {
  name = 'KeyUsageFoldedOnRead1733600000000';

  async up(q: QueryRunner): Promise<void> {
    // No charge or refund may commit between the counters' last write and the folds' marks.
    await q.query(`LOCK TABLE events IN SHARE MODE`);
    await q.query(`CREATE TABLE api_key_usage_folds (account_id text PRIMARY KEY, through_version int NOT NULL)`);
    // The counters are exact up to each stream's last version: the trigger and the batch kept them.
    await q.query(`
      INSERT INTO api_key_usage_folds (account_id, through_version)
      SELECT a.id, v.last FROM accounts a
       CROSS JOIN LATERAL (SELECT max(stream_version) AS last FROM events WHERE stream_id = 'account:' || a.id) v
       WHERE v.last IS NOT NULL`);
    await q.query(`DROP TRIGGER events_key_usage ON events`);
    await q.query(`DROP FUNCTION events_count_key_usage()`);
    await q.query(batchLockedChargeFunction());
    await q.query(FOLD_FUNCTION);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE events IN SHARE MODE`);
    await q.query(`SELECT fold_api_key_usage(id) FROM accounts`);
    await q.query(`DROP FUNCTION fold_api_key_usage(text)`);
    await q.query(`DROP TABLE api_key_usage_folds`);
    await new KeyUsageInChargeBatch1733500000000().up(q); // the trigger function and the counting batch
    await q.query(`CREATE TRIGGER events_key_usage AFTER INSERT ON events REFERENCING NEW TABLE AS appended
                   FOR EACH STATEMENT EXECUTE FUNCTION events_count_key_usage()`);
  }
}
