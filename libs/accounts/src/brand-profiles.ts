import { decodeKeysetCursor, encodeKeysetCursor, newId } from '@astro/contracts';
import { Database, Queryable } from '@astro/database';
import { appendToStream, EventMetadata, Projection, ProjectionRow, StoredEvent, utcIsoSql } from '@astro/ledger';

/**
 * Reusable report branding of an account; every change is an event on `brand_profile:<id>`. The
 * events say that a profile was made, which fields changed and that it was deleted; what the fields
 * hold (a brand's name, contact e-mail, telephone, URLs, a logo URL that may carry a token) lives
 * in the profile's row only, which deleting the profile erases (docs/security.md, "Personal data
 * and the event log").
 */
export interface BrandProfileRecord {
  id: string;
  name: string;
  branding: Record<string, string>;
  created_at: string;
  updated_at: string;
}

const stream = (id: string) => `brand_profile:${id}`;
const COLUMNS = `id, name, branding, ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('updated_at')} AS updated_at`;

export async function createBrandProfile(
  db: Database,
  accountId: string,
  input: { name: string; branding: Record<string, string> },
  metadata: EventMetadata,
): Promise<BrandProfileRecord> {
  const id = newId('brandProfile');
  return db.transaction(async (tx) => {
    const [event] = await appendToStream(tx, stream(id), 0, [
      {
        type: 'BrandProfileCreated',
        payload: { profile_id: id, account_id: accountId },
        metadata,
      },
    ]);
    await tx.query(
      `INSERT INTO brand_profiles (id, account_id, name, branding, version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, now(), now())`,
      [id, accountId, input.name, JSON.stringify(input.branding), event.streamVersion],
    );
    return (await findBrandProfile(tx, accountId, id))!;
  });
}

export async function findBrandProfile(q: Queryable, accountId: string, id: string): Promise<BrandProfileRecord | null> {
  const [row] = await q.query<BrandProfileRecord>(`SELECT ${COLUMNS} FROM brand_profiles WHERE id = $1 AND account_id = $2`, [
    id,
    accountId,
  ]);
  return row ?? null;
}

/**
 * Applies a change under the profile's row lock; null when the account has no such profile. The
 * branding fields are merged into the stored ones; a field set to null is removed.
 */
export async function updateBrandProfile(
  db: Database,
  accountId: string,
  id: string,
  change: { name?: string; branding?: Record<string, string | null> },
  metadata: EventMetadata,
): Promise<BrandProfileRecord | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ version: number; branding: Record<string, string>; name: string }>(
      `SELECT version, branding, name FROM brand_profiles WHERE id = $1 AND account_id = $2 FOR UPDATE`,
      [id, accountId],
    );
    if (!row) return null;
    const name = change.name ?? row.name;
    const branding = Object.fromEntries(
      Object.entries({ ...row.branding, ...(change.branding ?? {}) }).filter(([, v]) => v !== null),
    ) as Record<string, string>;
    const changed = [...(change.name === undefined ? [] : ['name']), ...Object.keys(change.branding ?? {}).map((f) => `branding.${f}`)];
    const [event] = await appendToStream(tx, stream(id), row.version, [
      { type: 'BrandProfileUpdated', payload: { changed: changed.sort() }, metadata },
    ]);
    await tx.query(
      `UPDATE brand_profiles SET name = $3, branding = $4, version = $5, updated_at = now() WHERE id = $1 AND account_id = $2`,
      [id, accountId, name, JSON.stringify(branding), event.streamVersion],
    );
    return findBrandProfile(tx, accountId, id);
  });
}

export async function deleteBrandProfile(db: Database, accountId: string, id: string, metadata: EventMetadata): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ version: number }>(`SELECT version FROM brand_profiles WHERE id = $1 AND account_id = $2 FOR UPDATE`, [
      id,
      accountId,
    ]);
    if (!row) return false;
    await appendToStream(tx, stream(id), row.version, [{ type: 'BrandProfileDeleted', payload: {}, metadata }]);
    await tx.query(`DELETE FROM brand_profiles WHERE id = $1`, [id]);
    return true;
  });
}

/** Oldest first, a page at a time; the cursor is the last row's (created_at, id). */
export async function listBrandProfiles(
  q: Queryable,
  accountId: string,
  page: { limit: number; cursor?: string },
): Promise<{ profiles: BrandProfileRecord[]; nextCursor: string | null }> {
  // The query schema checked the cursor already; decoding again keeps the library safe for any caller.
  const after = page.cursor ? decodeKeysetCursor(page.cursor, 'brandProfile') : null;
  const rows = await q.query<BrandProfileRecord>(
    `SELECT ${COLUMNS} FROM brand_profiles
      WHERE account_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::text))
      ORDER BY created_at, id LIMIT $4`,
    [accountId, after?.createdAt ?? null, after?.id ?? '', page.limit + 1],
  );
  const profiles = rows.slice(0, page.limit);
  const last = profiles[profiles.length - 1];
  return { profiles, nextCursor: rows.length > page.limit ? encodeKeysetCursor({ createdAt: last.created_at, id: last.id }) : null };
}

/** `brand_profiles`, folded from `brand_profile:<id>` streams: every column but the name and the branding, kept in the row only. */
export const brandProfilesProjection: Projection = {
  table: 'brand_profiles',
  key: 'id',
  columns: ['id', 'account_id', 'version', 'created_at', 'updated_at'],
  selectLive: `SELECT id, account_id, version, ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('updated_at')} AS updated_at FROM brand_profiles`,
  fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void {
    if (!event.streamId.startsWith('brand_profile:')) return;
    const id = event.streamId.slice('brand_profile:'.length);
    const at = event.recordedAtIso;
    if (event.type === 'BrandProfileCreated') {
      rows.set(id, {
        id,
        account_id: String(event.payload.account_id),
        version: event.streamVersion,
        created_at: at,
        updated_at: at,
      });
    } else if (event.type === 'BrandProfileUpdated') {
      Object.assign(rows.get(id)!, {
        version: event.streamVersion,
        updated_at: at,
      });
    } else if (event.type === 'BrandProfileDeleted') {
      rows.delete(id);
    }
  },
};
