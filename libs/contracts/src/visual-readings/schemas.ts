import { z } from 'zod';
import { DateOrInstant } from '../shared/calendar-date';
import { idSchema, VisualUploadId } from '../shared/ids';
import { LOGO_CONTENT_TYPES, LOGO_LIMITS } from '../shared/logo';

/** Limits of a visual-reading upload: what `complete` accepts. */
export const UPLOAD_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  minShortSide: 480,
  /** An upload that no job used is deleted this long after it was created. */
  retentionSeconds: 24 * 60 * 60,
  /** How long the signed PUT link of a new upload stays valid. */
  putLinkSeconds: 15 * 60,
} as const;

/** The photo kinds (palm and face readings) and `logo` (a brand profile's logo, uploaded the same way). */
export const UPLOAD_KINDS = ['palm_left', 'palm_right', 'face', 'logo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export const UPLOAD_CONTENT_TYPES = [...PHOTO_CONTENT_TYPES, 'image/svg+xml'] as const;

export const CreateUploadRequest = z
  .object({
    kind: z.enum(UPLOAD_KINDS),
    content_type: z.enum(UPLOAD_CONTENT_TYPES).describe('a photo: JPEG, PNG, WebP or HEIC; a logo: PNG, JPEG or SVG'),
    byte_size: z
      .number()
      .int()
      .min(1)
      .max(UPLOAD_LIMITS.maxBytes, `must be at most ${UPLOAD_LIMITS.maxBytes} bytes (15 MB)`)
      .describe(`a photo at most ${UPLOAD_LIMITS.maxBytes} bytes (15 MB), a logo at most ${LOGO_LIMITS.uploadMaxBytes} (2 MiB)`),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.kind === 'logo') {
      if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(body.content_type)) {
        ctx.addIssue({ code: 'custom', path: ['content_type'], message: 'a logo must be image/png, image/jpeg or image/svg+xml' });
      }
      if (body.byte_size > LOGO_LIMITS.uploadMaxBytes) {
        ctx.addIssue({
          code: 'custom',
          path: ['byte_size'],
          message: `a logo must be at most ${LOGO_LIMITS.uploadMaxBytes} bytes (2 MiB)`,
        });
      }
    } else if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(body.content_type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['content_type'],
        message: 'a photo must be image/jpeg, image/png, image/webp, image/heic or image/heif',
      });
    }
  });

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

// ---- Visual-reading jobs (spec: palm and face queue endpoints, poll endpoint) ----

export const VISUAL_SKUS = ['json', 'branded', 'premium'] as const;
export type VisualSku = (typeof VISUAL_SKUS)[number];
export const VISUAL_LOCALES = ['th', 'en'] as const;
export type VisualLocale = (typeof VISUAL_LOCALES)[number];
export type VisualFamily = 'face' | 'palm';
/** The stages of a visual-reading job after `queued`, in order; then `done` or `failed`. */
export const VISUAL_STAGES = ['validating', 'analysing', 'rendering', 'delivering'] as const;

export const VisualJobId = idSchema('visualJob').meta({
  description: 'visual-reading job id: vrj_ + 24 lowercase hex',
  example: 'vrj_0123456789abcdef01234567',
});
const BrandProfileRef = idSchema('brandProfile');

const common = {
  sku: z.enum(VISUAL_SKUS),
  locale: z.enum(VISUAL_LOCALES),
  subject_label: z.string().max(120),
  brand_profile_id: BrandProfileRef.optional(),
};

export const PalmJobRequest = z
  .object({
    left_upload_id: VisualUploadId.describe('a completed palm_left upload'),
    right_upload_id: VisualUploadId.describe('a completed palm_right upload'),
    capture_handedness: z
      .object({
        left_upload: z.enum(['left', 'right']),
        right_upload: z.enum(['left', 'right']),
        mirrored_preview: z
          .boolean()
          .describe('true when the photo is a mirror image (a front camera preview): left and right are swapped in the pixels'),
      })
      .strict(),
    ...common,
  })
  .strict();
export type PalmJobRequest = z.infer<typeof PalmJobRequest>;

export const FaceJobRequest = z.object({ upload_id: VisualUploadId.describe('a completed face upload'), ...common }).strict();
export type FaceJobRequest = z.infer<typeof FaceJobRequest>;

export const VisualJobQueued = z
  .object({
    job_id: VisualJobId,
    status: z.literal('queued'),
    credits_charged: z.number().int(),
    credits_remaining: z.number().int(),
    unlimited_credits: z.boolean(),
    replayed: z
      .boolean()
      .describe('true when this answers a repeated request with the same Idempotency-Key and body; nothing was charged again'),
    poll: z.string().describe('relative path to poll: /api/v3/visual-readings/jobs/<job_id>'),
  })
  .meta({ id: 'VisualJobQueued' });
export type VisualJobQueued = z.infer<typeof VisualJobQueued>;

export const VisualJobParams = z.object({ jobId: z.string() }).strict();

const VisualArtifact = z.object({
  status: z.enum(['pending', 'ready', 'not_included', 'failed']).describe('not_included: the sku has no such artifact'),
  url: z.string().nullable().describe('signed download link, null until ready'),
  valid_for_seconds: z.number().int().describe('lifetime of `url` from this response; 0 without a url'),
});

export const VisualJobPoll = z
  .object({
    job: z.object({
      id: VisualJobId,
      family: z.enum(['face', 'palm']),
      sku: z.enum(VISUAL_SKUS),
      locale: z.enum(VISUAL_LOCALES),
      subject_label: z.string(),
      status: z.enum(['queued', 'running', 'succeeded', 'failed']),
      credits: z.number().int().describe('credits charged when queued'),
      credits_refunded: z.number().int(),
      stage: z.string().describe('queued, validating, analysing, rendering, delivering, then done or failed'),
      error_code: z
        .string()
        .nullable()
        .describe(
          'image_too_dark, image_too_bright, image_too_blurry, no_face_detected, no_hand_detected, hand_not_open, hand_too_small, handedness_mismatch, upload_missing, render_failed, deleted',
        ),
      error_message: z.string().nullable(),
      created_at: z.string(),
      started_at: z.string().nullable(),
      finished_at: z.string().nullable(),
    }),
    artifacts: z.object({ json: VisualArtifact, hosted: VisualArtifact, pdf: VisualArtifact }),
  })
  .meta({ id: 'VisualReadingJob' });
export type VisualJobPoll = z.infer<typeof VisualJobPoll>;

const periodBound = DateOrInstant;

export const VisualEconomicsQuery = z
  .object({
    from: periodBound.optional().describe('start of the period, inclusive (default: 30 days before `to`)'),
    to: periodBound.optional().describe('end of the period, exclusive (default: now)'),
  })
  .strict();

export const VisualEconomics = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }),
    lines: z.array(
      z.object({
        family: z.enum(['face', 'palm']),
        sku: z.enum(VISUAL_SKUS),
        operation: z.string(),
        price_credits: z.number().int(),
        jobs: z.number().int().describe('jobs queued in the period'),
        succeeded: z.number().int(),
        failed: z.number().int(),
        in_progress: z.number().int(),
        credits_charged: z.number().int(),
        credits_refunded: z.number().int(),
        refund_rate: z.number().nullable().describe('credits refunded ÷ charged; null when nothing was charged'),
        median_seconds_to_result: z.number().nullable().describe('median seconds from queueing to the result of the succeeded jobs'),
      }),
    ),
    totals: z.object({
      jobs: z.number().int(),
      credits_charged: z.number().int(),
      credits_refunded: z.number().int(),
      refund_rate: z.number().nullable(),
    }),
  })
  .meta({
    id: 'VisualEconomics',
    example: {
      period: { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' },
      lines: [
        {
          family: 'face',
          sku: 'json',
          operation: 'visual_face_json',
          price_credits: 10,
          jobs: 3,
          succeeded: 2,
          failed: 1,
          in_progress: 0,
          credits_charged: 30,
          credits_refunded: 10,
          refund_rate: 0.3333,
          median_seconds_to_result: 4.182,
        },
      ],
      totals: { jobs: 3, credits_charged: 30, credits_refunded: 10, refund_rate: 0.3333 },
    },
  });
