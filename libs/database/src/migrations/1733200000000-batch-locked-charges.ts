import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPEND_CHARGE_EVENTS, SET_BASED_CHARGE_FUNCTION } from './1733100000000-set-based-charges';

/**
 * The batch charge function of this migration; `around` adds PL/pgSQL run just before and just after
 * the events are appended (1733500000000 counts the per-key usage there).
 */
export function batchLockedChargeFunction(around: { before: string; after: string } = { before: '', after: '' }): string {
  return `
      CREATE OR REPLACE FUNCTION charge_credits_batch(p_accounts text[], p_amounts bigint[], p_payloads jsonb[], p_metadata jsonb[])
      RETURNS TABLE (idx int, balance bigint, version int, event_position bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        n int := coalesce(array_length(p_accounts, 1), 0);
        v_ids text[];
        v_balance bigint[];
        v_version int[];
        v_charged bigint[];
        v_accepted boolean[];
        v_balances bigint[];
        v_versions int[];
        a int;
      BEGIN
        IF n = 0 THEN RETURN; END IF;
        SELECT coalesce(array_agg(l.id), '{}'::text[]), coalesce(array_agg(l.balance), '{}'::bigint[]), coalesce(array_agg(l.version), '{}'::int[])
          INTO v_ids, v_balance, v_version
          FROM (SELECT acc.id, acc.balance, acc.version FROM accounts acc
                 WHERE acc.id = ANY (p_accounts) ORDER BY acc.id COLLATE "C" FOR UPDATE) l;
        v_charged := array_fill(0::bigint, ARRAY[coalesce(array_length(v_ids, 1), 0)]);
        v_accepted := array_fill(false, ARRAY[n]);
        v_balances := array_fill(NULL::bigint, ARRAY[n]);
        v_versions := array_fill(NULL::int, ARRAY[n]);
        FOR i IN 1..n LOOP
          a := array_position(v_ids, p_accounts[i]);
          IF a IS NOT NULL AND v_balance[a] - p_amounts[i] >= 0 THEN
            v_balance[a] := v_balance[a] - p_amounts[i];
            v_version[a] := v_version[a] + 1;
            v_charged[a] := v_charged[a] + p_amounts[i];
            v_accepted[i] := true;
            v_balances[i] := v_balance[a];
            v_versions[i] := v_version[a];
          END IF;
        END LOOP;
        UPDATE accounts acc
           SET balance = u.new_balance, version = u.new_version, updated_at = now(), credits_charged = acc.credits_charged + u.charged
          FROM unnest(v_ids, v_balance, v_version, v_charged) AS u(account_id, new_balance, new_version, charged)
         WHERE acc.id = u.account_id AND u.new_version > acc.version;
${around.before}${APPEND_CHARGE_EVENTS}${around.after}      END
      $$`;
}

/**
 * Group-committed charges with two statements per batch whatever the number of accounts in it: one
 * SELECT … FOR UPDATE locks every account of the batch (in id order, C collation, so concurrent
 * batches of any API process lock in the same order), the charges are applied in order in memory
 * (each with its balance check, a refused charge leaves no trace), one UPDATE writes every account
 * that was charged and one multi-row INSERT appends the events. Same contract as 1733100000000; its
 * per-account SELECT and UPDATE made a batch spread over many accounts cost two statements per
 * account (measured by the metering benchmark's 100-account run).
 */
export class BatchLockedCharges1733200000000 implements MigrationInterface {
  name = 'BatchLockedCharges1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(batchLockedChargeFunction());
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(SET_BASED_CHARGE_FUNCTION);
  }
}
