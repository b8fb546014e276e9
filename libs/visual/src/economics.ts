import { PRICES, PricedOperation, VISUAL_SKUS, VisualSku } from '@astro/contracts';
import { Queryable } from '@astro/database';

export const VISUAL_FAMILIES = ['face', 'palm'] as const;

export interface VisualEconomicsLine {
  family: (typeof VISUAL_FAMILIES)[number];
  sku: VisualSku;
  operation: string;
  price_credits: number;
  jobs: number;
  succeeded: number;
  failed: number;
  in_progress: number;
  credits_charged: number;
  credits_refunded: number;
  /** refunded ÷ charged, null when nothing was charged */
  refund_rate: number | null;
  /** median seconds from queueing to the result of the succeeded jobs, null when none succeeded */
  median_seconds_to_result: number | null;
}

/**
 * The account's visual readings queued in [from, to), per family and sku (every pair listed, with
 * zeros): jobs by outcome, credits charged and refunded, the refund rate and the median time from
 * queueing to the result. Erased jobs still count: they were charged and, if unfinished, refunded.
 */
export async function visualEconomics(q: Queryable, accountId: string, from: Date, to: Date): Promise<VisualEconomicsLine[]> {
  const rows = await q.query<{
    family: string;
    sku: string;
    jobs: number;
    succeeded: number;
    failed: number;
    in_progress: number;
    charged: number;
    refunded: number;
    median: number | null;
  }>(
    `SELECT family, sku, count(*)::int AS jobs,
            count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS in_progress,
            COALESCE(sum(credits_charged), 0)::float8 AS charged,
            COALESCE(sum(credits_refunded), 0)::float8 AS refunded,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at))
              FILTER (WHERE status = 'succeeded' AND finished_at IS NOT NULL)::float8 AS median
       FROM visual_jobs WHERE account_id = $1 AND created_at >= $2 AND created_at < $3
      GROUP BY family, sku`,
    [accountId, from, to],
  );
  return VISUAL_FAMILIES.flatMap((family) =>
    VISUAL_SKUS.map((sku) => {
      const operation = `visual_${family}_${sku}` as PricedOperation;
      const row = rows.find((r) => r.family === family && r.sku === sku);
      const charged = row?.charged ?? 0;
      const refunded = row?.refunded ?? 0;
      return {
        family,
        sku,
        operation,
        price_credits: PRICES[operation].credits,
        jobs: row?.jobs ?? 0,
        succeeded: row?.succeeded ?? 0,
        failed: row?.failed ?? 0,
        in_progress: row?.in_progress ?? 0,
        credits_charged: charged,
        credits_refunded: refunded,
        refund_rate: charged > 0 ? Math.round((refunded / charged) * 10_000) / 10_000 : null,
        median_seconds_to_result: row?.median === null || row?.median === undefined ? null : Math.round(row.median * 1000) / 1000,
      };
    }),
  );
}
