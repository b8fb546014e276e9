import { FaceJobRequest, PalmJobRequest, UploadKind } from '@astro/contracts';
import { checkBrandProfile } from '../accounts/checks';
import { badRequest } from '../http/api-error';
import { CheckContext, InputOf } from '../http/route';

export function checkPalmUploads(input: PalmJobRequest): void {
  if (input.left_upload_id === input.right_upload_id)
    throw badRequest('invalid body: right_upload_id: must be another upload than left_upload_id');
}

export interface UploadClaim {
  field: string;
  uploadId: string;
  kind: UploadKind;
}

/** Why an upload cannot be used by a new job, or null; the queueing transaction asks the same under a row lock. */
export function uploadProblem(
  upload: { account_id: string; kind: string; status: string } | undefined,
  accountId: string,
  kind: UploadKind,
): string | null {
  return !upload || upload.account_id !== accountId || upload.status === 'deleted'
    ? 'no such upload in this account'
    : upload.kind === 'logo'
      ? `the upload is a logo, this field takes a ${kind} photo`
      : upload.kind !== kind
        ? `the upload is a ${upload.kind} photo, this field takes a ${kind} one`
        : upload.status === 'used'
          ? 'the upload was already used by another job; upload the photo again'
          : upload.status !== 'completed'
            ? 'the upload is not completed: PUT the photo and call complete first'
            : null;
}

export const palmClaims = (input: PalmJobRequest): UploadClaim[] => [
  { field: 'left_upload_id', uploadId: input.left_upload_id, kind: 'palm_left' },
  { field: 'right_upload_id', uploadId: input.right_upload_id, kind: 'palm_right' },
];
export const faceClaims = (input: FaceJobRequest): UploadClaim[] => [{ field: 'upload_id', uploadId: input.upload_id, kind: 'face' }];

/**
 * The uploads as they are now (without claiming them): what the queueing would find. Only the
 * preflight asks here: the queueing itself asks the same (uploadProblem) under the uploads' row lock
 * and after its Idempotency-Key claim, so that a repeat of a queued call is replayed rather than
 * refused because its own first call has used the upload.
 */
async function checkUploadsNow(ctx: CheckContext, claims: UploadClaim[]): Promise<void> {
  if (!ctx.dryRun) return;
  for (const claim of claims) {
    const [upload] = await ctx.db.query<{ account_id: string; kind: string; status: string }>(
      `SELECT account_id, kind, status FROM visual_uploads WHERE id = $1`,
      [claim.uploadId],
    );
    const problem = uploadProblem(upload, ctx.accountId, claim.kind);
    if (problem) throw badRequest(`invalid body: ${claim.field}: ${problem}`);
  }
}

/** A palm reading: two different uploads, the brand profile, the uploads as they are now. */
export async function checkPalmReading({ body }: InputOf<'queuePalmReading'>, ctx: CheckContext): Promise<void> {
  checkPalmUploads(body);
  await checkBrandProfile(ctx, body.brand_profile_id);
  await checkUploadsNow(ctx, palmClaims(body));
}

/** A face reading: the brand profile, the upload as it is now. */
export async function checkFaceReading({ body }: InputOf<'queueFaceReading'>, ctx: CheckContext): Promise<void> {
  await checkBrandProfile(ctx, body.brand_profile_id);
  await checkUploadsNow(ctx, faceClaims(body));
}
