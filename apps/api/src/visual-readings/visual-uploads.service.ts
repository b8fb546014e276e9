import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { ArtifactStore } from '@astro/jobs';
import { ArtifactUrlSigner } from '@astro/jobs';
import { tierAdmits, UPLOAD_LIMITS, VisualUploadId } from '@astro/contracts';
import {
  advanceUpload,
  createUpload,
  findUpload,
  normaliseUploadOfKind,
  RAW_UPLOAD_FILE,
  storedFileOf,
  uploadKey,
  UploadRejected,
  UploadRow,
  uploadView,
} from '@astro/visual';
import { Caller } from '../http/caller';
import { ApiError, badRequest, notFound } from '../http/api-error';
import { ARTIFACT_STORE } from '../platform/platform';
import { TenantSlots } from '../http/tenant-slots';

/** Private uploads (palm and face photos, brand logos): create, PUT the bytes once, complete (validate). */
@Injectable()
export class VisualUploadsService {
  constructor(
    private readonly db: Database,
    @Inject(ARTIFACT_STORE) private readonly artifacts: ArtifactStore,
    private readonly artifactUrls: ArtifactUrlSigner,
    private readonly freeWork: TenantSlots,
  ) {}

  /** The caller's upload, or the same 404 for a malformed id, an unknown one and another account's. */
  private async ownUpload(accountId: string, uploadId: string): Promise<UploadRow> {
    const upload = VisualUploadId.safeParse(uploadId).success ? await findUpload(this.db, uploadId) : null;
    if (!upload || upload.account_id !== accountId || upload.status === 'deleted') throw notFound(`upload ${uploadId}`);
    return upload;
  }

  async create(caller: Caller, input: Parameters<typeof createUpload>[2]) {
    const { accountId } = caller;
    // Photos are for visual readings (pro and up); a brand logo is open to every tier, as brand profiles are.
    if (input.kind !== 'logo' && !tierAdmits(caller.tier, 'pro')) {
      throw new ApiError(403, `a ${input.kind} photo upload requires the pro tier or higher; the account is on ${caller.tier}`);
    }
    const upload = await createUpload(this.db, accountId, input);
    const { url, expires } = this.artifactUrls.signUpload(upload.id, accountId, UPLOAD_LIMITS.putLinkSeconds);
    return {
      upload_id: upload.id,
      upload_url: url,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** The bytes of a signed PUT link, stored raw until `complete` validates them. */
  async put(link: { uploadId: string; expires: number; signature: string }, bytes: unknown): Promise<void> {
    const { uploadId, expires, signature } = link;
    const upload = await findUpload(this.db, uploadId);
    // The link is checked against the upload's own account: an unknown upload has no valid link.
    const verdict = upload
      ? this.artifactUrls.verifyUpload(uploadId, upload.account_id, expires, signature, UPLOAD_LIMITS.putLinkSeconds)
      : 'invalid';
    if (verdict === 'invalid') throw new ApiError(403, 'the upload link is invalid; create a new upload');
    if (verdict === 'expired') throw new ApiError(403, 'the upload link has expired; create a new upload');
    if (verdict === 'too_long')
      throw new ApiError(403, `the upload link claims a lifetime over ${UPLOAD_LIMITS.putLinkSeconds} s; create a new upload`);
    if (!upload || upload.status === 'deleted') throw notFound(`upload ${uploadId}`);
    if (!Buffer.isBuffer(bytes) || bytes.length === 0)
      throw badRequest(
        'invalid body: send the image bytes (Content-Type image/jpeg, image/png, image/webp, image/heic, image/svg+xml or application/octet-stream)',
      );
    if (bytes.length !== upload.byte_size) {
      throw badRequest(`invalid body: ${bytes.length} bytes sent, the upload declared byte_size ${upload.byte_size}`);
    }
    // Claim the link before writing: of two concurrent PUTs exactly one gets here.
    const claimed = await advanceUpload(this.db, uploadId, 'awaiting_bytes', 'received');
    if (!claimed) throw new ApiError(409, 'this upload link was already used; create a new upload for another photo');
    try {
      await this.artifacts.put(uploadId, RAW_UPLOAD_FILE, bytes, 'application/octet-stream');
    } catch (err) {
      await advanceUpload(this.db, uploadId, 'received', 'awaiting_bytes');
      throw err;
    }
  }

  async complete(accountId: string, uploadId: string) {
    const upload = await this.ownUpload(accountId, uploadId);
    if (upload.status === 'completed' || upload.status === 'used') return uploadView(upload);
    if (upload.status === 'awaiting_bytes') throw new ApiError(409, 'no bytes received yet: PUT the photo to upload_url first');
    const raw = await this.artifacts.get(uploadKey(uploadId, RAW_UPLOAD_FILE));
    if (!raw) throw new ApiError(409, 'the uploaded bytes are gone; create a new upload');
    let image;
    try {
      // Drawing a logo or decoding a photo: a child process, within the account's share of free image work.
      image = await this.freeWork.run(accountId, () => normaliseUploadOfKind(upload.kind, upload.content_type, raw));
    } catch (err) {
      if (!(err instanceof UploadRejected)) throw err;
      // A rejected photo is not kept: the link is spent, so the caller starts a new upload.
      if (await advanceUpload(this.db, uploadId, 'received', 'deleted')) await this.artifacts.deleteOwner(uploadId);
      throw badRequest(`invalid upload: ${err.message}`);
    }
    await this.artifacts.put(uploadId, storedFileOf(upload.kind), image.bytes, image.contentType);
    const completed = await advanceUpload(this.db, uploadId, 'received', 'completed', {
      width: image.width,
      height: image.height,
      content_type: image.contentType,
    });
    // The raw bytes may carry GPS and other metadata: only the normalised copy is kept.
    await this.artifacts.delete(uploadKey(uploadId, RAW_UPLOAD_FILE));
    return uploadView(completed ?? (await this.ownUpload(accountId, uploadId)));
  }

  async get(accountId: string, uploadId: string) {
    return uploadView(await this.ownUpload(accountId, uploadId));
  }
}
