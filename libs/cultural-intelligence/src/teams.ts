import { newId } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { EventMetadata, utcIsoSql } from '@astro/ledger';
import { appendOrgEvent } from './orgs';

export interface TeamRecord {
  id: string;
  org_id: string;
  name: string;
  profile_ids: string[];
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, org_id, name, profile_ids, ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('updated_at')} AS updated_at`;

/** Profile ids of the list that the org does not have (a team names only its own org's members). */
export async function unknownProfiles(q: Queryable, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<{ id: string }>(`SELECT id FROM ci_profiles WHERE org_id = $1 AND id = ANY($2)`, [orgId, ids]);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function createTeam(
  tx: Queryable,
  orgId: string,
  input: { name: string; profile_ids: string[] },
  metadata: EventMetadata,
): Promise<TeamRecord> {
  const id = newId('ciTeam');
  // A team's name is a label its org chose (it may name a person): in the team's row only, never in the log.
  await appendOrgEvent(tx, orgId, 'CiTeamCreated', { team_id: id, profile_ids: input.profile_ids }, metadata);
  await tx.query(`INSERT INTO ci_teams (id, org_id, name, profile_ids, created_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())`, [
    id,
    orgId,
    input.name,
    JSON.stringify(input.profile_ids),
  ]);
  return (await findTeam(tx, orgId, id))!;
}

export async function findTeam(q: Queryable, orgId: string, id: string, forUpdate = false): Promise<TeamRecord | null> {
  const [row] = await q.query<TeamRecord>(
    `SELECT ${COLUMNS} FROM ci_teams WHERE id = $1 AND org_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, orgId],
  );
  return row ?? null;
}

export async function listTeams(q: Queryable, orgId: string): Promise<TeamRecord[]> {
  return q.query<TeamRecord>(`SELECT ${COLUMNS} FROM ci_teams WHERE org_id = $1 ORDER BY created_at, id`, [orgId]);
}

export async function updateTeam(
  tx: Queryable,
  team: TeamRecord,
  change: { name?: string; profile_ids?: string[] },
  metadata: EventMetadata,
): Promise<TeamRecord> {
  const name = change.name ?? team.name;
  const profileIds = change.profile_ids ?? team.profile_ids;
  await appendOrgEvent(
    tx,
    team.org_id,
    'CiTeamUpdated',
    { team_id: team.id, name_changed: name !== team.name, profile_ids: profileIds },
    metadata,
  );
  await tx.query(`UPDATE ci_teams SET name = $3, profile_ids = $4, updated_at = now() WHERE id = $1 AND org_id = $2`, [
    team.id,
    team.org_id,
    name,
    JSON.stringify(profileIds),
  ]);
  return (await findTeam(tx, team.org_id, team.id))!;
}

export async function deleteTeam(tx: Queryable, orgId: string, id: string, metadata: EventMetadata): Promise<boolean> {
  const deleted = await tx.query<{ id: string }>(
    `WITH gone AS (DELETE FROM ci_teams WHERE id = $1 AND org_id = $2 RETURNING id) SELECT id FROM gone`,
    [id, orgId],
  );
  if (deleted.length === 0) return false;
  await appendOrgEvent(tx, orgId, 'CiTeamDeleted', { team_id: id }, metadata);
  return true;
}
