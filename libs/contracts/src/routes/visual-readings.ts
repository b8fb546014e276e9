import {
  CreateUploadRequest,
  CreateUploadResponse,
  FaceJobRequest,
  PalmJobRequest,
  UploadParams,
  UploadPutQuery,
  VisualJobParams,
  VisualJobPoll,
  VisualJobQueued,
  VisualUpload,
} from '../visual';
import { AUTH_ERRORS, REPORT_ERRORS, RouteSpec } from './route-spec';

const VISUAL_JOB_NOTE =
  "Charged when queued (price by sku, see GET /v1/pricing); the uploads become the job's and cannot be used again. The job goes validating → analysing → rendering → delivering; a photo that cannot be read fails it at `validating` with a specific `error_code` and the credits are refunded (`credits_refunded`). " +
  'Honours `Idempotency-Key` (1–128 characters): the same key and body answer the first response with `replayed: true` and charge nothing, even when sent concurrently; the same key with another body is a 409.';

/** Routes of the `Visual readings` tag. */
export const visualReadingRoutes = {
  createVisualUpload: {
    operationId: 'createVisualUpload',
    method: 'POST',
    path: '/api/v3/visual-readings/uploads',
    tag: 'Visual readings',
    summary: 'Start a private upload: a palm or face photo, or a brand logo',
    description:
      'Answers a signed, single-use `upload_url`: PUT exactly `byte_size` bytes to it before `expires_at`, then call `complete`. ' +
      'A photo (`palm_left`, `palm_right`, `face`: JPEG, PNG, WebP or HEIC, at most 15 MB) requires the pro tier or higher (403 below it). ' +
      "A `logo` (PNG, JPEG or SVG, at most 2 MiB) is open to every tier and is named by a brand profile's `branding.logo_upload_id`. " +
      'Uploads that nothing uses are deleted 24 h after creation. Not charged.',
    auth: 'api_key_or_session',
    body: CreateUploadRequest,
    success: { status: 201, description: 'the upload and its PUT link', schema: CreateUploadResponse },
    errors: [400, ...AUTH_ERRORS, 403],
  },
  putVisualUpload: {
    operationId: 'putVisualUploadBytes',
    method: 'PUT',
    path: '/api/v3/visual-readings/uploads/{upload_id}/bytes',
    tag: 'Visual readings',
    summary: 'Send the photo or logo bytes to the signed upload link (once)',
    description:
      'The body is the image itself (Content-Type image/jpeg, image/png, image/webp, image/heic, image/svg+xml or application/octet-stream), exactly the declared `byte_size`. A second PUT is a 409.',
    auth: 'signed_url',
    params: UploadParams,
    query: UploadPutQuery,
    rawBody: {
      contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/svg+xml', 'application/octet-stream'],
      description: 'the photo or logo, exactly the declared byte_size (a photo at most 15 MB, a logo at most 2 MiB)',
    },
    success: { status: 204, description: 'received' },
    errors: [400, 403, 404, 409, 413, 415],
  },
  completeVisualUpload: {
    operationId: 'completeVisualUpload',
    method: 'POST',
    path: '/api/v3/visual-readings/uploads/{upload_id}/complete',
    tag: 'Visual readings',
    summary: 'Validate the uploaded photo or logo and make it usable',
    description:
      'A photo is decoded with sharp: JPEG, PNG, WebP or HEIC, at most 15 MB and 40 megapixels, at least 480 px on the short side; the stored copy has the EXIF orientation applied and carries no metadata (GPS included). ' +
      'A logo must be what its content_type says (the bytes are sniffed): PNG or JPEG at most 25 megapixels, or SVG, which is sanitised (scripts, event handlers, external references and foreignObject removed) and rasterised; it is stored as a PNG at most 600 px wide. ' +
      'A rejected file answers 400 naming `file` and the rule, and the upload is spent.',
    auth: 'api_key_or_session',
    params: UploadParams,
    success: { status: 200, description: 'the completed upload', schema: VisualUpload },
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },
  getVisualUpload: {
    operationId: 'getVisualUpload',
    method: 'GET',
    path: '/api/v3/visual-readings/uploads/{upload_id}',
    tag: 'Visual readings',
    summary: 'An upload and its status',
    auth: 'api_key_or_session',
    params: UploadParams,
    success: { status: 200, description: 'the upload', schema: VisualUpload },
    errors: [...AUTH_ERRORS, 404],
  },
  queuePalmReading: {
    operationId: 'queuePalmReading',
    method: 'POST',
    path: '/api/v3/visual-readings/palm/jobs',
    tag: 'Visual readings',
    summary: 'Queue a palm reading of both hands',
    description: VISUAL_JOB_NOTE,
    auth: 'api_key_or_session',
    minTier: 'pro',
    idempotencyKey: true,
    body: PalmJobRequest,
    success: { status: 202, description: 'queued; poll the job', schema: VisualJobQueued },
    errors: REPORT_ERRORS,
  },
  queueFaceReading: {
    operationId: 'queueFaceReading',
    method: 'POST',
    path: '/api/v3/visual-readings/face/jobs',
    tag: 'Visual readings',
    summary: 'Queue a face reading',
    description: VISUAL_JOB_NOTE,
    auth: 'api_key_or_session',
    minTier: 'pro',
    idempotencyKey: true,
    body: FaceJobRequest,
    success: { status: 202, description: 'queued; poll the job', schema: VisualJobQueued },
    errors: REPORT_ERRORS,
  },
  getVisualReadingJob: {
    operationId: 'getVisualReadingJob',
    method: 'GET',
    path: '/api/v3/visual-readings/jobs/{jobId}',
    tag: 'Visual readings',
    summary: 'Poll a visual-reading job',
    description:
      'Artifacts: `json` for every sku; `hosted` (an HTML page) and `pdf` for branded and premium (`not_included` for json). Links are signed and expire after `valid_for_seconds`.',
    auth: 'api_key_or_session',
    params: VisualJobParams,
    success: { status: 200, description: 'the job and its artifacts', schema: VisualJobPoll },
    errors: [...AUTH_ERRORS, 404],
  },
  deleteVisualReadingJob: {
    operationId: 'deleteVisualReadingJob',
    method: 'DELETE',
    path: '/api/v3/visual-readings/jobs/{jobId}',
    tag: 'Visual readings',
    summary: 'Delete a visual-reading job: its photos and artifacts are erased, a running job is stopped',
    description:
      'The credit ledger keeps its events, which never held image data. A job deleted before it finished ends as failed with `error_code: deleted`, without refund. Afterwards the job answers 404.',
    auth: 'api_key_or_session',
    params: VisualJobParams,
    success: { status: 204, description: 'erased' },
    errors: [...AUTH_ERRORS, 404],
  },
} as const satisfies Record<string, RouteSpec>;
