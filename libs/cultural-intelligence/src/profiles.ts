import { CiBirth, decodeKeysetCursor, encodeKeysetCursor, newId } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { EventMetadata, utcIsoSql } from '@astro/ledger';
import { MasterKey, newDataKey, open, seal } from './crypto';
import { appendOrgEvent, orgKey } from './orgs';

/** What is sealed: everything that could identify or describe the person. */
export interface SealedProfile {
  label: string;
  birth: CiBirth;
}

export interface ProfileRecord {
  id: string;
  org_id: string;
  label: string;
  consent: { given_at: string; purpose: string };
  locale: 'en' | 'th' | null;
  created_at: string;
  updated_at: string;
}

export interface ProfileWithBirth extends ProfileRecord {
  birth: CiBirth;
}

interface ProfileRow {
  id: string;
  org_id: string;
  wrapped_key: Buffer;
  sealed: Buffer;
  consent: { given_at: string; purpose: string };
  locale: 'en' | 'th' | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, org_id, wrapped_key, sealed, consent, locale, ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('updated_at')} AS updated_at`;
const profileKeyContext = (orgId: string, id: string) => `profile-key:${orgId}:${id}`;
const profileDataContext = (orgId: string, id: string) => `profile:${orgId}:${id}`;

function sealProfile(orgDataKey: Buffer, orgId: string, id: string, data: SealedProfile): { wrappedKey: Buffer; sealed: Buffer } {
  const profileKey = newDataKey();
  return {
    wrappedKey: seal(orgDataKey, profileKey, profileKeyContext(orgId, id)),
    sealed: seal(profileKey, Buffer.from(JSON.stringify(data), 'utf8'), profileDataContext(orgId, id)),
  };
}

function openProfile(orgDataKey: Buffer, row: ProfileRow): SealedProfile {
  const profileKey = open(orgDataKey, row.wrapped_key, profileKeyContext(row.org_id, row.id));
  return JSON.parse(open(profileKey, row.sealed, profileDataContext(row.org_id, row.id)).toString('utf8')) as SealedProfile;
}

const record = (row: ProfileRow, data: SealedProfile): ProfileRecord => ({
  id: row.id,
  org_id: row.org_id,
  label: data.label,
  consent: row.consent,
  locale: row.locale,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function createProfile(
  tx: Queryable,
  orgId: string,
  input: { label: string; birth: CiBirth; consent: { given_at: string; purpose: string }; locale?: 'en' | 'th' },
  master: MasterKey,
  metadata: EventMetadata,
): Promise<ProfileWithBirth> {
  const id = newId('ciProfile');
  const { wrappedKey, sealed } = sealProfile(await orgKey(tx, orgId, master), orgId, id, { label: input.label, birth: input.birth });
  // The event records that a profile exists and the consent it rests on; never the sealed data.
  await appendOrgEvent(tx, orgId, 'CiProfileCreated', { profile_id: id, consent: input.consent }, metadata);
  await tx.query(
    `INSERT INTO ci_profiles (id, org_id, wrapped_key, sealed, consent, locale, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now(), now())`,
    [id, orgId, wrappedKey, sealed, JSON.stringify(input.consent), input.locale ?? null],
  );
  return (await readProfile(tx, orgId, id, master))!;
}

/** The profile with its birth data opened; the caller records the read in the audit trail. */
export async function readProfile(q: Queryable, orgId: string, id: string, master: MasterKey): Promise<ProfileWithBirth | null> {
  const [row] = await q.query<ProfileRow>(`SELECT ${COLUMNS} FROM ci_profiles WHERE id = $1 AND org_id = $2`, [id, orgId]);
  if (!row) return null;
  const data = openProfile(await orgKey(q, orgId, master), row);
  return { ...record(row, data), birth: data.birth };
}

/** Several profiles of one org opened at once (the members of a team), in the order asked. */
export async function readProfiles(q: Queryable, orgId: string, ids: string[], master: MasterKey): Promise<ProfileWithBirth[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<ProfileRow>(`SELECT ${COLUMNS} FROM ci_profiles WHERE org_id = $1 AND id = ANY($2)`, [orgId, ids]);
  const key = await orgKey(q, orgId, master);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const data = openProfile(key, row);
    return [{ ...record(row, data), birth: data.birth }];
  });
}

/** A page of profiles (labels opened, birth data not), oldest first; the cursor is opaque. */
export async function listProfiles(
  q: Queryable,
  orgId: string,
  page: { limit: number; cursor?: string },
  master: MasterKey,
): Promise<{ profiles: ProfileRecord[]; nextCursor: string | null }> {
  // The query schema checked the cursor already; decoding again keeps the library safe for any caller.
  const after = page.cursor ? decodeKeysetCursor(page.cursor, 'ciProfile') : null;
  const rows = await q.query<ProfileRow>(
    `SELECT ${COLUMNS} FROM ci_profiles
      WHERE org_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::text))
      ORDER BY created_at, id LIMIT $4`,
    [orgId, after?.createdAt ?? null, after?.id ?? null, page.limit + 1],
  );
  const key = await orgKey(q, orgId, master);
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    profiles: shown.map((row) => record(row, openProfile(key, row))),
    nextCursor: rows.length > page.limit ? encodeKeysetCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

export async function updateProfile(
  tx: Queryable,
  orgId: string,
  id: string,
  change: { label?: string; birth?: CiBirth; consent?: { given_at: string; purpose: string }; locale?: 'en' | 'th' },
  master: MasterKey,
  metadata: EventMetadata,
): Promise<ProfileWithBirth | null> {
  const [row] = await tx.query<ProfileRow>(`SELECT ${COLUMNS} FROM ci_profiles WHERE id = $1 AND org_id = $2 FOR UPDATE`, [id, orgId]);
  if (!row) return null;
  const key = await orgKey(tx, orgId, master);
  const current = openProfile(key, row);
  // A new profile key for every change: the previous ciphertext is not merely replaced but unreadable.
  const { wrappedKey, sealed } = sealProfile(key, orgId, id, {
    label: change.label ?? current.label,
    birth: change.birth ?? current.birth,
  });
  const consent = change.consent ?? row.consent;
  await appendOrgEvent(tx, orgId, 'CiProfileUpdated', { profile_id: id, changed: Object.keys(change).sort(), consent }, metadata);
  await tx.query(
    `UPDATE ci_profiles SET wrapped_key = $3, sealed = $4, consent = $5, locale = $6, updated_at = now() WHERE id = $1 AND org_id = $2`,
    [id, orgId, wrappedKey, sealed, JSON.stringify(consent), change.locale ?? row.locale],
  );
  return readProfile(tx, orgId, id, master);
}

/**
 * Crypto-shreds the profile: its wrapped key and sealed data are deleted, and it leaves every team.
 * The event keeps only the fact and the id.
 */
export async function deleteProfile(tx: Queryable, orgId: string, id: string, metadata: EventMetadata): Promise<boolean> {
  const deleted = await tx.query<{ id: string }>(
    `WITH gone AS (DELETE FROM ci_profiles WHERE id = $1 AND org_id = $2 RETURNING id) SELECT id FROM gone`,
    [id, orgId],
  );
  if (deleted.length === 0) return false;
  await appendOrgEvent(tx, orgId, 'CiProfileDeleted', { profile_id: id, crypto_shredded: true }, metadata);
  await tx.query(
    `UPDATE ci_teams SET profile_ids = profile_ids - $2::text, updated_at = now() WHERE org_id = $1 AND profile_ids ? $2::text`,
    [orgId, id],
  );
  return true;
}
