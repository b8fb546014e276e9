import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group-committed charges: one statement applies a batch of charges in order, each one exactly as
 * a single charge would (the account row's lock, the balance check, one event at the next stream
 * version), and answers per charge its new balance or NULL when the balance was too low.
 */
export class GroupCommittedCharges1732500000000 implements MigrationInterface {
  name = 'GroupCommittedCharges1732500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION charge_credits_batch(p_accounts text[], p_amounts bigint[], p_payloads jsonb[], p_metadata jsonb[])
      RETURNS TABLE (idx int, balance bigint, version int, event_position bigint)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        i int;
        v_balance bigint;
        v_version int;
      BEGIN
        FOR i IN 1 .. coalesce(array_length(p_accounts, 1), 0) LOOP
          UPDATE accounts a
             SET balance = a.balance - p_amounts[i], version = a.version + 1, updated_at = now(),
                 credits_charged = a.credits_charged + p_amounts[i]
           WHERE a.id = p_accounts[i] AND a.balance - p_amounts[i] >= 0
          RETURNING a.balance, a.version INTO v_balance, v_version;
          IF FOUND THEN
            INSERT INTO events (stream_id, stream_version, event_type, payload, metadata)
            VALUES ('account:' || p_accounts[i], v_version, 'CreditsCharged', p_payloads[i], p_metadata[i])
            RETURNING position INTO event_position;
            idx := i; balance := v_balance; version := v_version;
          ELSE
            idx := i; balance := NULL; version := NULL; event_position := NULL;
          END IF;
          RETURN NEXT;
        END LOOP;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS charge_credits_batch(text[], bigint[], jsonb[], jsonb[])`);
  }
}
