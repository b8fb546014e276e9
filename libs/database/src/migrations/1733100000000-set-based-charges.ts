import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The end of the batch function since this migration: one multi-row INSERT of the accepted charges'
 * events (`v_accepted`, `v_versions`, `v_balances` per charge) and a row per charge for the caller.
 */
export const APPEND_CHARGE_EVENTS = `        RETURN QUERY
          WITH inserted AS (
            INSERT INTO events (stream_id, stream_version, event_type, payload, metadata)
            SELECT 'account:' || p_accounts[k], v_versions[k], 'CreditsCharged', p_payloads[k], p_metadata[k]
              FROM generate_subscripts(p_accounts, 1) AS k
             WHERE v_accepted[k]
             ORDER BY k
            RETURNING events.stream_id, events.stream_version, events.position
          )
          SELECT k, v_balances[k], v_versions[k], ins.position
            FROM generate_subscripts(p_accounts, 1) AS k
            LEFT JOIN inserted ins ON v_accepted[k] AND ins.stream_id = 'account:' || p_accounts[k] AND ins.stream_version = v_versions[k]
           ORDER BY k;
`;

/** The function as this migration wrote it (1733200000000 restores it on the way down). */
export const SET_BASED_CHARGE_FUNCTION = `
      CREATE OR REPLACE FUNCTION charge_credits_batch(p_accounts text[], p_amounts bigint[], p_payloads jsonb[], p_metadata jsonb[])
      RETURNS TABLE (idx int, balance bigint, version int, event_position bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        n int := coalesce(array_length(p_accounts, 1), 0);
        i int := 1;
        v_account text;
        v_balance bigint;
        v_version int;
        v_start_version int;
        v_charged bigint;
        v_accepted boolean[];
        v_balances bigint[];
        v_versions int[];
      BEGIN
        IF n = 0 THEN RETURN; END IF;
        v_accepted := array_fill(false, ARRAY[n]);
        v_balances := array_fill(NULL::bigint, ARRAY[n]);
        v_versions := array_fill(NULL::int, ARRAY[n]);
        WHILE i <= n LOOP
          v_account := p_accounts[i];
          SELECT a.balance, a.version INTO v_balance, v_version FROM accounts a WHERE a.id = v_account FOR UPDATE;
          v_start_version := v_version;
          v_charged := 0;
          WHILE i <= n AND p_accounts[i] = v_account LOOP
            IF v_balance IS NOT NULL AND v_balance - p_amounts[i] >= 0 THEN
              v_balance := v_balance - p_amounts[i];
              v_version := v_version + 1;
              v_charged := v_charged + p_amounts[i];
              v_accepted[i] := true;
              v_balances[i] := v_balance;
              v_versions[i] := v_version;
            END IF;
            i := i + 1;
          END LOOP;
          IF v_version > v_start_version THEN
            UPDATE accounts a
               SET balance = v_balance, version = v_version, updated_at = now(), credits_charged = a.credits_charged + v_charged
             WHERE a.id = v_account;
          END IF;
        END LOOP;
${APPEND_CHARGE_EVENTS}      END
      $$`;

/**
 * Group-committed charges, set-based: the same contract as before (charges applied in order, each
 * with the balance check under the account's lock, one CreditsCharged event at the next stream
 * version, per charge its new balance or NULL), but one lock and one UPDATE per account and one
 * multi-row INSERT of the events per batch. Updating one account row once per charge made every
 * batch of a busy account write and walk a chain of row versions as long as the batch.
 *
 * The caller (ChargeBatcher) sends the charges sorted by account, so each account is locked once and
 * batches of several API processes lock accounts in the same order; unsorted input stays correct
 * (an account met again is locked again and sees its own earlier update).
 */
export class SetBasedCharges1733100000000 implements MigrationInterface {
  name = 'SetBasedCharges1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(SET_BASED_CHARGE_FUNCTION);
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to the per-charge function of 1732500000000.
    await q.query(`
      CREATE OR REPLACE FUNCTION charge_credits_batch(p_accounts text[], p_amounts bigint[], p_payloads jsonb[], p_metadata jsonb[])
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
}
