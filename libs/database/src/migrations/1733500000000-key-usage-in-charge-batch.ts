import { MigrationInterface, QueryRunner } from 'typeorm';
import { batchLockedChargeFunction } from './1733200000000-batch-locked-charges';
import { keyUsageTriggerFunction } from './1733400000000-flat-ledger';

/** Set for the batch's own INSERT: the trigger leaves those charges to the batch function. */
const COUNTED = 'astro.batch_counts_key_usage';

/**
 * The batch charge function counts the per-key usage of its charges itself, from the arrays it was
 * given, instead of the statement trigger reading them back from the transition table. A charge
 * batch is every synchronous request's charge, so this is the hottest write of the platform: the
 * trigger's work per batch (capturing the rows, parsing each event's JSON metadata and payload
 * again, and a refund query that finds nothing) took 9–13 µs per charge, and counting here saves
 * 2.6–4.4 µs of it (timed by PostgreSQL, docs/benchmarks.md). Every other writer of charges and
 * refunds is still counted by the trigger.
 */
export class KeyUsageInChargeBatch1733500000000 implements MigrationInterface {
  name = 'KeyUsageInChargeBatch1733500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(keyUsageTriggerFunction(`        IF current_setting('${COUNTED}', true) = 'on' THEN RETURN NULL; END IF;\n`));
    await q.query(
      batchLockedChargeFunction({
        before: `        PERFORM set_config('${COUNTED}', 'on', true);\n`,
        after: `        PERFORM set_config('${COUNTED}', 'off', true);
        INSERT INTO api_key_usage AS u (key_id, account_id, charges, credits_charged)
        SELECT substr(p_metadata[k]->>'actor', 5), p_accounts[k], count(*), sum(p_amounts[k])
          FROM generate_subscripts(p_accounts, 1) AS k
         WHERE v_accepted[k] AND p_metadata[k]->>'actor' LIKE 'key:%'
         GROUP BY 1, 2
         ORDER BY 1
        ON CONFLICT (key_id) DO UPDATE
          SET charges = u.charges + EXCLUDED.charges, credits_charged = u.credits_charged + EXCLUDED.credits_charged;
`,
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(batchLockedChargeFunction());
    await q.query(keyUsageTriggerFunction());
  }
}
