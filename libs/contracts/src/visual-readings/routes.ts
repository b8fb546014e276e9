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
} from './schemas';
import { accepted, created, noContent, ok, routesWith } from '../shared/route-spec';

const VISUAL_JOB_NOTE =
  "Charged when queued (price by sku, see GET /v1/pricing); the uploads become the job's and cannot be used again. The job goes validating → analysing → rendering → delivering; a photo that cannot be read fails it at `validating` with a specific `error_code` and the credits are refunded (`credits_refunded`). " +
  'Honours `Idempotency-Key` (1–128 characters): the same key and body answer the first response with `replayed: true` and charge nothing, even when sent concurrently; the same key with another body is a 409.';

const VISUAL = { tag: 'Visual readings', auth: 'api_key_or_session' } as const;

/** Routes of the `Visual readings` tag: private uploads, then the reading jobs. */
export const visualReadingRoutes = {
  ...routesWith(VISUAL)({
    createVisualUpload: {
      method: 'POST',
      path: '/api/v3/visual-readings/uploads',
      summary: 'Start a private upload: a palm or face photo, or a brand logo',
      description:
        'Answers a signed, single-use `upload_url`: PUT exactly `byte_size` bytes to it before `expires_at`, then call `complete`. ' +
        'A photo (`palm_left`, `palm_right`, `face`: JPEG, PNG, WebP or HEIC, at most 15 MB) requires the pro tier or higher (403 below it). ' +
        "A `logo` (PNG, JPEG or SVG, at most 2 MiB) is open to every tier and is named by a brand profile's `branding.logo_upload_id`. " +
        'Uploads that nothing uses are deleted 24 h after creation. Not charged.',
      body: CreateUploadRequest,
      success: created('the upload and its PUT link', CreateUploadResponse),
      // A photo needs the pro tier; the service checks it, since a logo is open to every tier.
      errors: [403],
    },
    putVisualUpload: {
      operationId: 'putVisualUploadBytes',
      method: 'PUT',
      path: '/api/v3/visual-readings/uploads/{upload_id}/bytes',
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
      success: noContent('received'),
      errors: [403, 404, 409],
    },
    completeVisualUpload: {
      method: 'POST',
      path: '/api/v3/visual-readings/uploads/{upload_id}/complete',
      summary: 'Validate the uploaded photo or logo and make it usable',
      description:
        'A photo is decoded with sharp: JPEG, PNG, WebP or HEIC, at most 15 MB and 40 megapixels, at least 480 px on the short side; the stored copy has the EXIF orientation applied and carries no metadata (GPS included). ' +
        'A logo must be what its content_type says (the bytes are sniffed): PNG or JPEG at most 25 megapixels, or SVG, which is sanitised (scripts, event handlers, external references and foreignObject removed; a drawing over the limits of filters, <use> and elements refused) and rasterised; it is stored as a PNG fitting 600 × 600 px. ' +
        'A rejected file answers 400 naming `file` and the rule, and the upload is spent.',
      params: UploadParams,
      success: ok('the completed upload', VisualUpload),
      errors: [404, 409],
    },
    getVisualUpload: {
      method: 'GET',
      path: '/api/v3/visual-readings/uploads/{upload_id}',
      summary: 'An upload and its status',
      params: UploadParams,
      success: ok('the upload', VisualUpload),
      errors: [404],
    },
  }),
  ...routesWith({
    ...VISUAL,
    method: 'POST',
    description: VISUAL_JOB_NOTE,
    minTier: 'pro',
    idempotencyKey: true,
    success: accepted('queued; poll the job', VisualJobQueued),
    // Charged by sku, so the route names no single priced operation.
    errors: [402],
  })({
    queuePalmReading: {
      path: '/api/v3/visual-readings/palm/jobs',
      summary: 'Queue a palm reading of both hands',
      body: PalmJobRequest,
    },
    queueFaceReading: {
      path: '/api/v3/visual-readings/face/jobs',
      summary: 'Queue a face reading',
      body: FaceJobRequest,
    },
  }),
  ...routesWith(VISUAL)({
    getVisualReadingJob: {
      method: 'GET',
      path: '/api/v3/visual-readings/jobs/{jobId}',
      summary: 'Poll a visual-reading job',
      description:
        'Artifacts: `json` for every sku; `hosted` (an HTML page) and `pdf` for branded and premium (`not_included` for json). Links are signed and expire after `valid_for_seconds`.',
      params: VisualJobParams,
      success: ok('the job and its artifacts', VisualJobPoll),
      errors: [404],
    },
    deleteVisualReadingJob: {
      method: 'DELETE',
      path: '/api/v3/visual-readings/jobs/{jobId}',
      summary: 'Delete a visual-reading job: its photos and artifacts are erased, a running job is stopped',
      description:
        'The credit ledger keeps its events, which never held image data. A job deleted before it finished ends as failed with `error_code: deleted` and is refunded its charge, once; a job that succeeded keeps its charge. Afterwards the job answers 404, so a second delete changes nothing.',
      params: VisualJobParams,
      success: noContent('erased'),
      errors: [404],
    },
  }),
};
