import { newId } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { appendToStream, EventMetadata, utcIsoSql } from '@astro/ledger';
import { MasterKey, newDataKey, open, seal } from './crypto';

export const orgStream = (orgId: string) => `org:${orgId}`;

export interface OrgRecord {
  id: string;
  account_id: string;
  name: string;
  default_locale: 'en' | 'th';
  audience: 'employee' | 'manager';
  share_member_labels: boolean;
  monthly_unit_quota: number;
  quota_mode: 'hard' | 'soft';
  version: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, account_id, name, default_locale, audience, share_member_labels, monthly_unit_quota, quota_mode, version,
  ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('updated_at')} AS updated_at`;

export class OrgKeyUnavailableError extends Error {}

/**
 * Appends one event to the org's stream under the org row's lock (the version column is the
 * stream version), so every write to an org is serialised and the log has no gap.
 */
export async function appendOrgEvent(
  tx: Queryable,
  orgId: string,
  type: string,
  payload: Record<string, unknown>,
  metadata: EventMetadata,
): Promise<void> {
  // (A CTE, because TypeORM answers a bare UPDATE … RETURNING with [rows, count].)
  const [row] = await tx.query<{ version: number }>(
    `WITH bumped AS (UPDATE ci_orgs SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING version) SELECT version FROM bumped`,
    [orgId],
  );
  await tx.query(`INSERT INTO events (stream_id, stream_version, event_type, payload, metadata) VALUES ($1, $2, $3, $4, $5)`, [
    orgStream(orgId),
    row.version,
    type,
    JSON.stringify(payload),
    JSON.stringify(metadata),
  ]);
}

export async function createOrg(
  tx: Queryable,
  accountId: string,
  input: { name: string; default_locale: 'en' | 'th'; audience: 'employee' | 'manager'; share_member_labels: boolean },
  quota: { monthlyUnits: number; mode: 'hard' | 'soft' },
  master: MasterKey,
  metadata: EventMetadata,
): Promise<OrgRecord> {
  const id = newId('ciOrg');
  // The org's key exists only wrapped by the master key; it never enters the event log.
  const wrapped = seal(master.key, newDataKey(), `org-key:${id}`);
  const [event] = await appendToStream(tx, orgStream(id), 0, [
    {
      type: 'CiOrgCreated',
      payload: { org_id: id, account_id: accountId, ...input, monthly_unit_quota: quota.monthlyUnits, quota_mode: quota.mode },
      metadata,
    },
  ]);
  await tx.query(
    `INSERT INTO ci_orgs (id, account_id, name, default_locale, audience, share_member_labels, monthly_unit_quota, quota_mode, wrapped_key, master_key_id, version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), now())`,
    [
      id,
      accountId,
      input.name,
      input.default_locale,
      input.audience,
      input.share_member_labels,
      quota.monthlyUnits,
      quota.mode,
      wrapped,
      master.id,
      event.streamVersion,
    ],
  );
  return (await findOrg(tx, accountId, id))!;
}

/** The org if it belongs to the account and is not deleted; anything else is "not found". */
export async function findOrg(q: Queryable, accountId: string, orgId: string, forUpdate = false): Promise<OrgRecord | null> {
  const [row] = await q.query<OrgRecord>(
    `SELECT ${COLUMNS} FROM ci_orgs WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [orgId, accountId],
  );
  return row ?? null;
}

export async function listOrgs(q: Queryable, accountId: string): Promise<OrgRecord[]> {
  return q.query<OrgRecord>(`SELECT ${COLUMNS} FROM ci_orgs WHERE account_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`, [
    accountId,
  ]);
}

export async function updateOrg(
  tx: Queryable,
  org: OrgRecord,
  change: Partial<Pick<OrgRecord, 'name' | 'default_locale' | 'audience' | 'share_member_labels'>>,
  metadata: EventMetadata,
): Promise<OrgRecord> {
  const next = {
    name: org.name,
    default_locale: org.default_locale,
    audience: org.audience,
    share_member_labels: org.share_member_labels,
    ...change,
  };
  await appendOrgEvent(tx, org.id, 'CiOrgUpdated', { ...next }, metadata);
  await tx.query(`UPDATE ci_orgs SET name = $2, default_locale = $3, audience = $4, share_member_labels = $5 WHERE id = $1`, [
    org.id,
    next.name,
    next.default_locale,
    next.audience,
    next.share_member_labels,
  ]);
  return (await findOrg(tx, org.account_id, org.id))!;
}

/** The operator's lever (CLI): the org's monthly unit quota and whether it is hard or soft. */
export async function setOrgQuota(
  tx: Queryable,
  orgId: string,
  quota: { monthlyUnits: number; mode: 'hard' | 'soft' },
  metadata: EventMetadata,
): Promise<boolean> {
  const [row] = await tx.query<{ id: string }>(`SELECT id FROM ci_orgs WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [orgId]);
  if (!row) return false;
  await appendOrgEvent(tx, orgId, 'CiOrgQuotaSet', { monthly_unit_quota: quota.monthlyUnits, quota_mode: quota.mode }, metadata);
  await tx.query(`UPDATE ci_orgs SET monthly_unit_quota = $2, quota_mode = $3 WHERE id = $1`, [orgId, quota.monthlyUnits, quota.mode]);
  return true;
}

/**
 * Deletes the org by destroying its key: the wrapped key is overwritten with NULL and every
 * profile's sealed data and key are deleted, so nothing the org stored can be opened again.
 */
export async function deleteOrg(tx: Queryable, org: OrgRecord, metadata: EventMetadata): Promise<void> {
  await appendOrgEvent(tx, org.id, 'CiOrgDeleted', { org_id: org.id, data_key_destroyed: true }, metadata);
  await tx.query(`DELETE FROM ci_teams WHERE org_id = $1`, [org.id]);
  await tx.query(`DELETE FROM ci_profiles WHERE org_id = $1`, [org.id]);
  await tx.query(`UPDATE ci_orgs SET wrapped_key = NULL, master_key_id = NULL, deleted_at = now() WHERE id = $1`, [org.id]);
}

/** The org's data key, unwrapped with the master key. */
export async function orgKey(q: Queryable, orgId: string, master: MasterKey): Promise<Buffer> {
  const [row] = await q.query<{ wrapped_key: Buffer | null; master_key_id: string | null }>(
    `SELECT wrapped_key, master_key_id FROM ci_orgs WHERE id = $1`,
    [orgId],
  );
  if (!row?.wrapped_key) throw new OrgKeyUnavailableError(`org ${orgId} has no data key (deleted)`);
  if (row.master_key_id !== master.id)
    throw new OrgKeyUnavailableError(`org ${orgId} was wrapped by master key ${row.master_key_id}, not the configured ${master.id}`);
  return open(master.key, row.wrapped_key, `org-key:${orgId}`);
}
