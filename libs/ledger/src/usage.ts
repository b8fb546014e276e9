import { Queryable } from '@astro/database';
import { accountStream } from './credits';

export interface UsageCounts {
  calls: number;
  credits_charged: number;
  credits_refunded: number;
  credits_used: number;
}

export interface UsageDay extends UsageCounts {
  date: string;
  operations: ({ operation: string } & UsageCounts)[];
}

export interface UsagePeriod {
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day, included */
  to: string;
  /** IANA name whose calendar days are counted */
  timeZone: string;
}

/** Whether the database refused a time zone name (22023: invalid_parameter_value, "time zone … not recognized"). */
export function isUnknownTimeZoneError(err: unknown): boolean {
  const { code, message } = err as { code?: string; message?: string };
  return code === '22023' && /time zone/i.test(message ?? '');
}

const zero = (): UsageCounts => ({ calls: 0, credits_charged: 0, credits_refunded: 0, credits_used: 0 });

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * An account's usage by day and operation, folded from its own stream: each `CreditsCharged` counts
 * as a call of its operation; each `CreditsRefunded` returns credits under the operation of the
 * charge of the same job. Days are calendar days in the period's time zone, every day listed.
 */
export async function accountUsage(
  q: Queryable,
  accountId: string,
  period: UsagePeriod,
): Promise<{ totals: UsageCounts; days: UsageDay[] }> {
  const rows = await q.query<{ day: string; operation: string; calls: string; charged: string; refunded: string }>(
    `WITH period AS (
       SELECT ($2::date::timestamp AT TIME ZONE $4) AS starts, (($3::date + 1)::timestamp AT TIME ZONE $4) AS ends
     )
     SELECT to_char((e.recorded_at AT TIME ZONE $4)::date, 'YYYY-MM-DD') AS day,
            COALESCE(e.payload->>'operation', charge.payload->>'operation', 'unknown') AS operation,
            count(*) FILTER (WHERE e.event_type = 'CreditsCharged') AS calls,
            COALESCE(sum((e.payload->>'amount')::bigint) FILTER (WHERE e.event_type = 'CreditsCharged'), 0) AS charged,
            COALESCE(sum((e.payload->>'amount')::bigint) FILTER (WHERE e.event_type = 'CreditsRefunded'), 0) AS refunded
       FROM events e CROSS JOIN period
       LEFT JOIN LATERAL (
         SELECT c.payload FROM events c
          WHERE e.event_type = 'CreditsRefunded' AND c.payload->>'job_id' = e.payload->>'job_id'
            AND c.stream_id = e.stream_id AND c.event_type = 'CreditsCharged'
          ORDER BY c.position LIMIT 1
       ) charge ON true
      WHERE e.stream_id = $1 AND e.event_type IN ('CreditsCharged', 'CreditsRefunded')
        AND e.recorded_at >= period.starts AND e.recorded_at < period.ends
      GROUP BY 1, 2`,
    [accountStream(accountId), period.from, period.to, period.timeZone],
  );
  const byDay = new Map(daysOf(period.from, period.to).map((date) => [date, { date, ...zero(), operations: [] } as UsageDay]));
  const totals = zero();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue; // cannot happen: the period's bounds are the days' bounds
    const counts = { calls: Number(row.calls), credits_charged: Number(row.charged), credits_refunded: Number(row.refunded) };
    const used = counts.credits_charged - counts.credits_refunded;
    day.operations.push({ operation: row.operation, ...counts, credits_used: used });
    for (const target of [day, totals]) {
      target.calls += counts.calls;
      target.credits_charged += counts.credits_charged;
      target.credits_refunded += counts.credits_refunded;
      target.credits_used += used;
    }
  }
  for (const day of byDay.values()) day.operations.sort((a, b) => a.operation.localeCompare(b.operation));
  return { totals, days: [...byDay.values()] };
}
