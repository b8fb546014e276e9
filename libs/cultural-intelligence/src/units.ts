import type { CiFamily } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { EventMetadata, Projection, ProjectionRow, StoredEvent } from '@astro/ledger';
import { appendOrgEvent } from './orgs';

/** Quotas run per calendar month in UTC: the period of an instant is its UTC year and month. */
export const periodOf = (at: Date): string => at.toISOString().slice(0, 7);

export type UnitCharge =
  { charged: true; units: number; overageUnits: number; usedAfter: number } | { charged: false; quota: number; used: number };

/**
 * Charges `units` to the org's current period. The org row's lock (taken by the event append)
 * serialises every charge of an org, so concurrent requests never exceed a hard quota; a soft
 * quota lets the charge through and records how much of it is overage. Call inside the
 * transaction that does the work, so a refused or failed request leaves no event.
 */
export async function chargeUnits(
  tx: Queryable,
  orgId: string,
  charge: { units: number; family: CiFamily; endpoint: string; at: Date },
  metadata: EventMetadata,
): Promise<UnitCharge> {
  const [org] = await tx.query<{ monthly_unit_quota: number; quota_mode: 'hard' | 'soft' }>(
    `SELECT monthly_unit_quota, quota_mode FROM ci_orgs WHERE id = $1 FOR UPDATE`,
    [orgId],
  );
  const period = periodOf(charge.at);
  const [usage] = await tx.query<{ units_used: number }>(`SELECT units_used FROM ci_usage WHERE id = $1`, [`${orgId}:${period}`]);
  const used = usage?.units_used ?? 0;
  if (org.quota_mode === 'hard' && used + charge.units > org.monthly_unit_quota) {
    return { charged: false, quota: org.monthly_unit_quota, used };
  }
  const overageUnits = Math.max(0, used + charge.units - Math.max(org.monthly_unit_quota, used));
  await appendOrgEvent(
    tx,
    orgId,
    'CiUnitsCharged',
    {
      org_id: orgId,
      period,
      units: charge.units,
      family: charge.family,
      endpoint: charge.endpoint,
      overage_units: overageUnits,
      quota_mode: org.quota_mode,
    },
    metadata,
  );
  await tx.query(
    `INSERT INTO ci_usage (id, org_id, period, units_used, overage_units, by_endpoint, by_family)
     VALUES ($1, $2, $3, $4, $5, jsonb_build_object($6::text, $4::int), jsonb_build_object($7::text, $4::int))
     ON CONFLICT (id) DO UPDATE SET
       units_used = ci_usage.units_used + $4,
       overage_units = ci_usage.overage_units + $5,
       by_endpoint = ci_usage.by_endpoint || jsonb_build_object($6::text, COALESCE((ci_usage.by_endpoint ->> $6::text)::int, 0) + $4),
       by_family = ci_usage.by_family || jsonb_build_object($7::text, COALESCE((ci_usage.by_family ->> $7::text)::int, 0) + $4)`,
    [`${orgId}:${period}`, orgId, period, charge.units, overageUnits, charge.endpoint, charge.family],
  );
  return { charged: true, units: charge.units, overageUnits, usedAfter: used + charge.units };
}

export interface UsageRow {
  units_used: number;
  by_endpoint: Record<string, number>;
  by_family: Record<string, number>;
}

export async function usageOf(q: Queryable, orgId: string, period: string): Promise<UsageRow> {
  const [row] = await q.query<UsageRow>(`SELECT units_used, by_endpoint, by_family FROM ci_usage WHERE id = $1`, [`${orgId}:${period}`]);
  return row ?? { units_used: 0, by_endpoint: {}, by_family: {} };
}

/** `ci_usage`, folded from the `CiUnitsCharged` events of `org:<id>` streams. */
export const ciUsageProjection: Projection = {
  table: 'ci_usage',
  key: 'id',
  columns: ['id', 'org_id', 'period', 'units_used', 'overage_units', 'by_endpoint', 'by_family'],
  selectLive: `SELECT id, org_id, period, units_used, overage_units, by_endpoint, by_family FROM ci_usage`,
  fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void {
    if (event.type !== 'CiUnitsCharged' || !event.streamId.startsWith('org:')) return;
    const { org_id, period, units, endpoint, family, overage_units } = event.payload as {
      org_id: string;
      period: string;
      units: number;
      endpoint: string;
      family: string;
      overage_units: number;
    };
    const id = `${org_id}:${period}`;
    const row = rows.get(id) ?? { id, org_id, period, units_used: 0, overage_units: 0, by_endpoint: {}, by_family: {} };
    const byEndpoint = row.by_endpoint as Record<string, number>;
    const byFamily = row.by_family as Record<string, number>;
    row.units_used = Number(row.units_used) + units;
    row.overage_units = Number(row.overage_units) + overage_units;
    byEndpoint[endpoint] = (byEndpoint[endpoint] ?? 0) + units;
    byFamily[family] = (byFamily[family] ?? 0) + units;
    rows.set(id, row);
  },
};

/** An audit event on the org's stream: who read or used members' data, with which key, for which request. */
export async function recordAudit(
  tx: Queryable,
  orgId: string,
  type: 'CiProfileBirthDataRead' | 'CiReflectionGenerated',
  payload: Record<string, unknown>,
  metadata: EventMetadata,
): Promise<void> {
  await appendOrgEvent(tx, orgId, type, payload, metadata);
}
