import { z } from 'zod';
import { idSchema } from './ids';

/** Limits of a visual-reading upload (issue 8): what `complete` accepts. */
export const UPLOAD_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  minShortSide: 480,
  /** An upload that no job used is deleted this long after it was created. */
  retentionSeconds: 24 * 60 * 60,
  /** How long the signed PUT link of a new upload stays valid. */
  putLinkSeconds: 15 * 60,
} as const;

export const UPLOAD_KINDS = ['palm_left', 'palm_right', 'face'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

export const VisualUploadId = idSchema('visualUpload').meta({ description: 'visual upload id: vup_ + 24 lowercase hex', example: 'vup_0123456789abcdef01234567' });

export const CreateUploadRequest = z
  .object({
    kind: z.enum(UPLOAD_KINDS),
    content_type: z.enum(UPLOAD_CONTENT_TYPES),
    byte_size: z.number().int().min(1).max(UPLOAD_LIMITS.maxBytes, `must be at most ${UPLOAD_LIMITS.maxBytes} bytes (15 MB)`),
  })
  .strict();

export const CreateUploadResponse = z
  .object({
    upload_id: VisualUploadId,
    upload_url: z.string().describe('signed, single-use link: PUT exactly byte_size bytes with the declared Content-Type'),
    expires_at: z.string().describe('when the upload link stops working'),
  })
  .meta({ id: 'VisualUploadCreated' });

export const UploadParams = z.object({ upload_id: z.string() }).strict();
export const UploadPutQuery = z
  .object({ expires: z.coerce.number().int(), signature: z.string().regex(/^[a-f0-9]{64}$/, 'must be 64 hex characters') })
  .strict();

export const VisualUpload = z
  .object({
    upload_id: VisualUploadId,
    kind: z.enum(UPLOAD_KINDS),
    status: z.enum(['awaiting_bytes', 'received', 'completed', 'used', 'deleted']),
    content_type: z.string().describe('of the stored image after normalisation (EXIF orientation applied, metadata stripped)'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    created_at: z.string(),
    expires_at: z.string().describe('an upload that no job has used is deleted at this time'),
  })
  .meta({ id: 'VisualUpload' });
export type VisualUpload = z.infer<typeof VisualUpload>;
