import { newId, UPLOAD_LIMITS, UploadKind, VisualUpload } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { ArtifactStore } from '@astro/jobs';

export type UploadStatus = VisualUpload['status'];

export interface UploadRow {
  id: string;
  account_id: string;
  kind: UploadKind;
  content_type: string;
  byte_size: number;
  status: UploadStatus;
  width: number | null;
  height: number | null;
  used_by: string | null;
  created_at: Date;
  expires_at: Date;
}

/** Where an upload's bytes live in the artifact store: the raw PUT, then the normalised image. */
export const RAW_UPLOAD_FILE = 'upload.bin';
export const IMAGE_FILE = 'image.jpg';
/** The stored PNG of an upload of kind `logo`. */
export const LOGO_FILE = 'logo.png';
/** The file an upload's normalised image is stored in. */
export const storedFileOf = (kind: UploadKind) => (kind === 'logo' ? LOGO_FILE : IMAGE_FILE);
export const uploadKey = (uploadId: string, file: string) => `${uploadId}/${file}`;

const COLUMNS = 'id, account_id, kind, content_type, byte_size, status, width, height, used_by, created_at, expires_at';

export async function createUpload(
  q: Queryable,
  accountId: string,
  input: { kind: UploadKind; content_type: string; byte_size: number },
): Promise<UploadRow> {
  const [row] = await q.query<UploadRow>(
    // INSERT … RETURNING comes back as rows from TypeORM (only UPDATE and DELETE add a count).
    `INSERT INTO visual_uploads (id, account_id, kind, content_type, byte_size, status, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'awaiting_bytes', now() + make_interval(secs => $6)) RETURNING ${COLUMNS}`,
    [newId('visualUpload'), accountId, input.kind, input.content_type, input.byte_size, UPLOAD_LIMITS.retentionSeconds],
  );
  return row;
}

export async function findUpload(q: Queryable, uploadId: string): Promise<UploadRow | null> {
  const [row] = await q.query<UploadRow>(`SELECT ${COLUMNS} FROM visual_uploads WHERE id = $1`, [uploadId]);
  return row ?? null;
}

/**
 * Moves an upload from one status to the next only if it is still in `from`; the single UPDATE is
 * what makes the PUT link single-use and `complete` run once, whatever arrives concurrently.
 */
export async function advanceUpload(
  q: Queryable,
  uploadId: string,
  from: UploadStatus,
  to: UploadStatus,
  set: { width?: number; height?: number; content_type?: string; used_by?: string } = {},
): Promise<UploadRow | null> {
  const [row] = await q.query<UploadRow>(
    // Wrapped in a CTE: TypeORM answers a bare UPDATE … RETURNING with [rows, count], a SELECT with rows.
    `WITH changed AS (UPDATE visual_uploads
        SET status = $3,
            width = COALESCE($4, width), height = COALESCE($5, height),
            content_type = COALESCE($6, content_type), used_by = COALESCE($7, used_by),
            completed_at = CASE WHEN $3 = 'completed' THEN now() ELSE completed_at END,
            deleted_at = CASE WHEN $3 = 'deleted' THEN now() ELSE deleted_at END
      WHERE id = $1 AND status = $2 RETURNING ${COLUMNS}) SELECT * FROM changed`,
    [uploadId, from, to, set.width ?? null, set.height ?? null, set.content_type ?? null, set.used_by ?? null],
  );
  return row ?? null;
}

export function uploadView(row: UploadRow): VisualUpload {
  return {
    upload_id: row.id,
    kind: row.kind,
    status: row.status,
    content_type: row.content_type,
    width: row.width,
    height: row.height,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/**
 * Deletes the bytes of every upload that no job used before it expired (24 h after creation) and
 * marks it deleted. Idempotent and safe to run from several workers at once: each row is claimed by
 * its own UPDATE before its files go.
 */
export async function deleteExpiredUploads(db: Queryable, store: ArtifactStore, now = new Date()): Promise<string[]> {
  const expired = await db.query<{ id: string }>(
    `WITH changed AS (UPDATE visual_uploads SET status = 'deleted', deleted_at = now()
      WHERE status IN ('awaiting_bytes', 'received', 'completed') AND expires_at <= $1 RETURNING id) SELECT id FROM changed`,
    [now],
  );
  for (const { id } of expired) await store.deleteOwner(id);
  return expired.map((r) => r.id);
}

/**
 * Makes a completed logo upload the account's brand logo: `completed` becomes `used` (so the
 * cleanup of unused uploads never deletes it); a logo already in use by another of the account's
 * profiles may be named again. Answers why it cannot be used, or null.
 */
export async function claimLogoUpload(q: Queryable, accountId: string, uploadId: string): Promise<string | null> {
  const upload = await findUpload(q, uploadId);
  if (!upload || upload.account_id !== accountId || upload.status === 'deleted') return 'no such upload in this account';
  if (upload.kind !== 'logo') return `the upload is a ${upload.kind} photo, not a logo (create the upload with kind logo)`;
  if (upload.status === 'used') return null;
  if (upload.status !== 'completed') return 'the upload is not completed: PUT the logo and call complete first';
  const claimed = await advanceUpload(q, uploadId, 'completed', 'used', { used_by: 'brand_profile' });
  // Lost a race with the cleanup of expired uploads (only at the end of its 24 h) or with another claim.
  return claimed || (await findUpload(q, uploadId))?.status === 'used' ? null : 'the upload expired; upload the logo again';
}
