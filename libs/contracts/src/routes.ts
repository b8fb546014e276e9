import { z } from 'zod';
import { AccountResponse, LedgerQuery, LedgerResponse, SessionRequest, SessionResponse } from './account';
import { HealthResponse } from './health';
import { ArtifactParams, ArtifactQuery, JobHandle, JobPathParams, JobRecord, PipelineProbeRequest } from './jobs';
import { PlanetsQuery, PlanetsResponse } from './planets';
import {
  BrandProfile, BrandProfileList, BrandProfileParams, CreateBrandProfileRequest, PageQuery, SolarReturnReportRequest, SynastryReportRequest,
  TransitWindowReportRequest, UpdateBrandProfileRequest,
} from './reports';
import { CompositeChartRequest, CompositeChartResponse, NatalChartRequest, NatalChartResponse } from './western';
import { PricedOperation, PricingResponse } from './pricing';
import { SajuReport, SajuRequest } from './saju';
import { Tier } from './tiers';
import {
  CreateUploadRequest, CreateUploadResponse, FaceJobRequest, PalmJobRequest, UploadParams, UploadPutQuery, VisualJobParams, VisualJobPoll, VisualJobQueued,
  VisualUpload,
} from './visual';
import {
  ManglikDoshaRequest, ManglikDoshaResponse, SadeSatiRequest, SadeSatiResponse, ShadbalaRequest, ShadbalaResponse,
  VedicRemediesRequest, VedicRemediesResponse,
} from './vedic';

export type AuthMode = 'none' | 'api_key' | 'session' | 'api_key_or_session' | 'signed_url';

/**
 * One route: the controllers take method, path, validation and policy from here, and the OpenAPI
 * document is generated from the same objects, so the two cannot drift apart.
 */
export interface RouteSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form, e.g. /api/v3/jobs/{job_id} */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: AuthMode;
  minTier?: Tier;
  operation?: PricedOperation;
  idempotencyKey?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** a raw (non-JSON) request body and its accepted content types, e.g. the photo of an upload */
  rawBody?: { contentTypes: readonly string[]; description: string };
  success: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  errors: number[];
}

const AUTH_ERRORS = [401, 429, 503];
const CHARGED_ERRORS = [400, ...AUTH_ERRORS, 402];
const REPORT_ERRORS = [...CHARGED_ERRORS, 403, 409];
const VISUAL_JOB_NOTE =
  'Charged when queued (price by sku, see GET /v1/pricing); the uploads become the job\'s and cannot be used again. The job goes validating → analysing → rendering → delivering; a photo that cannot be read fails it at `validating` with a specific `error_code` and the credits are refunded (`credits_refunded`). ' +
  'Honours `Idempotency-Key` (1–128 characters): the same key and body answer the first response with `replayed: true` and charge nothing, even when sent concurrently; the same key with another body is a 409.';
const REPORT_NOTE =
  'Charged when queued; refunded once by the workflow if the job fails. Poll `/api/v3/jobs/{job_id}`: when `status` is `succeeded`, `artifacts.pdf.url` is a signed download link. ' +
  'Branding: `brand_profile_id` (one of the account\'s profiles) supplies branding and voice; fields in `branding` override it. A logo that cannot be fetched leaves the report without one and adds a job warning. Honours `Idempotency-Key`.';

export const ROUTES = {
  health: {
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    tag: 'Platform',
    summary: 'Readiness: database and Temporal reachable',
    description: 'Answers 200 when both dependencies answer, else 503 with the error body and `checks` naming the one that is down.',
    auth: 'none',
    success: { status: 200, description: 'both dependencies are reachable', schema: HealthResponse },
    errors: [503],
  },
  pricing: {
    operationId: 'getPricing',
    method: 'GET',
    path: '/v1/pricing',
    tag: 'Platform',
    summary: 'Credit price of every chargeable operation',
    auth: 'none',
    success: { status: 200, description: 'the price table', schema: PricingResponse },
    errors: [],
  },
  createSession: {
    operationId: 'createSession',
    method: 'POST',
    path: '/v1/sessions',
    tag: 'Customer sessions',
    summary: 'Exchange a customer user e-mail and password for a session bearer token',
    auth: 'none',
    body: SessionRequest,
    success: { status: 201, description: 'the session token, shown once', schema: SessionResponse },
    errors: [400, 401, 503],
  },
  account: {
    operationId: 'getAccount',
    method: 'GET',
    path: '/v1/account',
    tag: 'Account',
    summary: 'The calling account: tier and credit balance',
    auth: 'api_key_or_session',
    success: { status: 200, description: 'the account', schema: AccountResponse },
    errors: AUTH_ERRORS,
  },
  accountLedger: {
    operationId: 'getAccountLedger',
    method: 'GET',
    path: '/v1/account/ledger',
    tag: 'Account',
    summary: 'Credit ledger of the calling account, newest first',
    description: 'Every grant, charge and refund with the request or job that caused it. Page with `before`.',
    auth: 'api_key_or_session',
    query: LedgerQuery,
    success: { status: 200, description: 'a page of ledger entries', schema: LedgerResponse },
    errors: [400, ...AUTH_ERRORS],
  },
  planets: {
    operationId: 'getPlanets',
    method: 'GET',
    path: '/v1/planets',
    tag: 'Western',
    summary: 'Geocentric positions of Sun to Pluto, the true node and Chiron at a UTC moment',
    description: 'Swiss Ephemeris (files for 1800–2399). Also the authentication smoke test of the spec.',
    auth: 'api_key',
    minTier: 'free',
    operation: 'planets',
    query: PlanetsQuery,
    success: { status: 200, description: 'positions', schema: PlanetsResponse },
    errors: CHARGED_ERRORS,
  },
  queuePipelineProbe: {
    operationId: 'queuePipelineProbe',
    method: 'POST',
    path: '/v1/pipeline-probes',
    tag: 'Reports',
    summary: 'Queue a pipeline probe job (positions at `dt`, stored as a JSON artifact)',
    description:
      'The smallest asynchronous job: it goes through the same queue, charge, workflow, artifact storage and refund path as the PDF reports, so integrators and operators can check the whole pipeline cheaply. Honours `Idempotency-Key`.',
    auth: 'api_key',
    minTier: 'pro',
    operation: 'pipeline_probe',
    idempotencyKey: true,
    body: PipelineProbeRequest,
    success: { status: 202, description: 'queued; poll the handle', schema: JobHandle },
    errors: [...CHARGED_ERRORS, 403, 409],
  },
  getJob: {
    operationId: 'getJob',
    method: 'GET',
    path: '/api/v3/jobs/{job_id}',
    tag: 'Reports',
    summary: 'Poll a report job',
    auth: 'api_key_or_session',
    params: JobPathParams,
    success: { status: 200, description: 'the job record', schema: JobRecord },
    errors: [...AUTH_ERRORS, 404],
  },
  downloadArtifact: {
    operationId: 'downloadArtifact',
    method: 'GET',
    path: '/v1/artifacts/{job_id}/{name}',
    tag: 'Reports',
    summary: 'Download a job artifact through its signed, expiring link',
    description: 'The link comes from the job record; an expired or altered link answers 403.',
    auth: 'signed_url',
    params: ArtifactParams,
    query: ArtifactQuery,
    success: { status: 200, description: 'the artifact bytes', contentType: 'application/octet-stream' },
    errors: [400, 403, 404],
  },
  natalChart: {
    operationId: 'createNatalChart',
    method: 'POST',
    path: '/v1/natal-chart',
    tag: 'Western',
    summary: 'Natal chart: planets in signs and houses, cusps, angles, aspects, balance, optional interpretation',
    description:
      'Tropical zodiac, Swiss Ephemeris. Placidus and Koch are undefined inside the polar circles: there the chart uses Porphyry and says so in `warnings`. Aspect orbs: conjunction and opposition 8°, square and trine 7°, sextile 5°, quincunx 3°, semi-sextile 2°. With `interpret: true` the response carries a written reading in `language` (en, th) shaped by tone, audience and safety_mode.',
    auth: 'api_key',
    operation: 'natal_chart',
    body: NatalChartRequest,
    success: { status: 200, description: 'the chart', schema: NatalChartResponse },
    errors: CHARGED_ERRORS,
  },
  compositeChart: {
    operationId: 'createCompositeChart',
    method: 'POST',
    path: '/api/v3/western/composite-chart',
    tag: 'Western',
    summary: 'Midpoint composite chart of two people, their cross aspects and the next 30 days of transits to it',
    auth: 'api_key',
    operation: 'composite_chart',
    body: CompositeChartRequest,
    success: { status: 200, description: 'the composite chart', schema: CompositeChartResponse },
    errors: CHARGED_ERRORS,
  },
  queueSynastryReport: {
    operationId: 'queueSynastryPremiumPdf',
    method: 'POST',
    path: '/api/v3/reports/synastry-premium/pdf',
    tag: 'Reports',
    summary: 'Queue a premium synastry PDF (both charts, bi-wheel, inter-aspects, overlays, composite, compatibility)',
    description: REPORT_NOTE,
    auth: 'api_key_or_session',
    minTier: 'pro',
    operation: 'report_synastry_premium',
    idempotencyKey: true,
    body: SynastryReportRequest,
    success: { status: 202, description: 'queued; poll the handle', schema: JobHandle },
    errors: REPORT_ERRORS,
  },
  queueTransitWindowReport: {
    operationId: 'queueTransitWindowPdf',
    method: 'POST',
    path: '/api/v3/reports/transit-window/pdf',
    tag: 'Reports',
    summary: 'Queue a transit-window PDF (every exact transit in up to 31 days, stations, ingresses)',
    description: REPORT_NOTE,
    auth: 'api_key_or_session',
    minTier: 'pro',
    operation: 'report_transit_window',
    idempotencyKey: true,
    body: TransitWindowReportRequest,
    success: { status: 202, description: 'queued; poll the handle', schema: JobHandle },
    errors: REPORT_ERRORS,
  },
  queueSolarReturnReport: {
    operationId: 'queueSolarReturnPdf',
    method: 'POST',
    path: '/api/v3/reports/solar-return/pdf',
    tag: 'Reports',
    summary: 'Queue a solar-return PDF (exact return moment, return chart, themes of the year)',
    description: REPORT_NOTE,
    auth: 'api_key_or_session',
    minTier: 'pro',
    operation: 'report_solar_return',
    idempotencyKey: true,
    body: SolarReturnReportRequest,
    success: { status: 202, description: 'queued; poll the handle', schema: JobHandle },
    errors: REPORT_ERRORS,
  },
  listBrandProfiles: {
    operationId: 'listReportBrandProfiles',
    method: 'GET',
    path: '/v1/report-brand-profiles',
    tag: 'Customer reports',
    summary: 'List the account\'s reusable report brand profiles, oldest first',
    auth: 'session',
    query: PageQuery,
    success: { status: 200, description: 'a page of profiles', schema: BrandProfileList },
    errors: [400, ...AUTH_ERRORS],
  },
  createBrandProfile: {
    operationId: 'createReportBrandProfile',
    method: 'POST',
    path: '/v1/report-brand-profiles',
    tag: 'Customer reports',
    summary: 'Create a brand profile (branding and voice for reports)',
    auth: 'session',
    body: CreateBrandProfileRequest,
    success: { status: 201, description: 'the profile', schema: BrandProfile },
    errors: [400, ...AUTH_ERRORS],
  },
  getBrandProfile: {
    operationId: 'getReportBrandProfile',
    method: 'GET',
    path: '/v1/report-brand-profiles/{id}',
    tag: 'Customer reports',
    summary: 'One brand profile',
    auth: 'session',
    params: BrandProfileParams,
    success: { status: 200, description: 'the profile', schema: BrandProfile },
    errors: [...AUTH_ERRORS, 404],
  },
  updateBrandProfile: {
    operationId: 'updateReportBrandProfile',
    method: 'PATCH',
    path: '/v1/report-brand-profiles/{id}',
    tag: 'Customer reports',
    summary: 'Change a brand profile: a new name and/or branding fields (merged into the stored ones)',
    auth: 'session',
    params: BrandProfileParams,
    body: UpdateBrandProfileRequest,
    success: { status: 200, description: 'the profile', schema: BrandProfile },
    errors: [400, ...AUTH_ERRORS, 404],
  },
  deleteBrandProfile: {
    operationId: 'deleteReportBrandProfile',
    method: 'DELETE',
    path: '/v1/report-brand-profiles/{id}',
    tag: 'Customer reports',
    summary: 'Delete a brand profile (queued jobs keep the branding they were queued with)',
    auth: 'session',
    params: BrandProfileParams,
    success: { status: 204, description: 'deleted' },
    errors: [...AUTH_ERRORS, 404],
  },
  koreanSaju: {
    operationId: 'koreanSaju',
    method: 'POST',
    path: '/api/v3/korean/saju',
    tag: 'Chinese & Korean',
    summary: 'Korean Saju chart: four pillars, hidden stems, ten gods, elements, interactions, major and annual luck, reading',
    description:
      'Year from Ipchun and months from the jeol terms (Swiss Ephemeris instants, compared in UTC), day from the sexagenary day count, hour from the local clock time. Conventions: docs/saju.md.',
    auth: 'api_key',
    operation: 'korean_saju',
    body: SajuRequest,
    success: { status: 200, description: 'the Saju chart', schema: SajuReport },
    errors: CHARGED_ERRORS,
  },
  vedicShadbala: {
    operationId: 'vedicShadbala',
    method: 'POST',
    path: '/api/v3/vedic/shadbala',
    tag: 'Vedic',
    summary: 'Complete six-family Shadbala of Sun to Saturn (sidereal, Lahiri)',
    description:
      'Sthana, dig, kala, cheshta, naisargika and drik bala with every component, V. P. Jain\'s method (see `result.aggregate.method` and docs/shadbala.md), and the derivation of the time factors (sunrise by swe_rise_trans, astrological date, day or night third, nata ghatis, equation of time).',
    auth: 'api_key',
    minTier: 'pro',
    operation: 'shadbala',
    body: ShadbalaRequest,
    success: { status: 200, description: 'the Shadbala of the seven planets', schema: ShadbalaResponse },
    errors: [...CHARGED_ERRORS, 403],
  },
  vedicSadeSati: {
    operationId: 'vedicSadeSati',
    method: 'POST',
    path: '/api/v3/vedic/sade-sati',
    tag: 'Vedic',
    summary: 'Sade Sati: Saturn over the 12th, 1st and 2nd signs from the natal Moon',
    description:
      'Dates are Saturn\'s real sidereal sign ingresses (retrograde re-entries included) as calendar dates at the birth offset; a period is one continuous stay of Saturn in the three signs.',
    auth: 'api_key',
    operation: 'sade_sati',
    body: SadeSatiRequest,
    success: { status: 200, description: 'the current or next Sade Sati period', schema: SadeSatiResponse },
    errors: CHARGED_ERRORS,
  },
  vedicManglikDosha: {
    operationId: 'vedicManglikDosha',
    method: 'POST',
    path: '/api/v3/vedic/manglik-dosha',
    tag: 'Vedic',
    summary: 'Manglik (Kuja) dosha from the Lagna, the Moon and Venus, with cancellations',
    auth: 'api_key',
    operation: 'manglik_dosha',
    body: ManglikDoshaRequest,
    success: { status: 200, description: 'presence, severity and remedies', schema: ManglikDoshaResponse },
    errors: CHARGED_ERRORS,
  },
  vedicRemedies: {
    operationId: 'vedicRemedies',
    method: 'POST',
    path: '/api/v3/vedic/remedies',
    tag: 'Vedic',
    summary: 'Traditional remedies for signals read from the chart (English and Thai)',
    description: 'Signals: planets below their Shadbala requirement, debilitated planets, active Sade Sati, Manglik dosha.',
    auth: 'api_key',
    operation: 'vedic_remedies',
    body: VedicRemediesRequest,
    success: { status: 200, description: 'signals and recommendations', schema: VedicRemediesResponse },
    errors: CHARGED_ERRORS,
  },
  createVisualUpload: {
    operationId: 'createVisualUpload',
    method: 'POST',
    path: '/api/v3/visual-readings/uploads',
    tag: 'Visual readings',
    summary: 'Start a private palm or face photo upload',
    description:
      'Answers a signed, single-use `upload_url`: PUT exactly `byte_size` bytes (JPEG, PNG, WebP or HEIC, at most 15 MB) to it before `expires_at`, then call `complete`. Uploads that no job uses are deleted 24 h after creation. Not charged.',
    auth: 'api_key_or_session',
    minTier: 'pro',
    body: CreateUploadRequest,
    success: { status: 201, description: 'the upload and its PUT link', schema: CreateUploadResponse },
    errors: [400, ...AUTH_ERRORS, 403],
  },
  putVisualUpload: {
    operationId: 'putVisualUploadBytes',
    method: 'PUT',
    path: '/api/v3/visual-readings/uploads/{upload_id}/bytes',
    tag: 'Visual readings',
    summary: 'Send the photo bytes to the signed upload link (once)',
    description: 'The body is the image itself (Content-Type image/jpeg, image/png, image/webp, image/heic or application/octet-stream), exactly the declared `byte_size`. A second PUT is a 409.',
    auth: 'signed_url',
    params: UploadParams,
    query: UploadPutQuery,
    rawBody: {
      contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/octet-stream'],
      description: 'the photo, exactly the declared byte_size, at most 15 MB',
    },
    success: { status: 204, description: 'received' },
    errors: [400, 403, 404, 409, 413, 415],
  },
  completeVisualUpload: {
    operationId: 'completeVisualUpload',
    method: 'POST',
    path: '/api/v3/visual-readings/uploads/{upload_id}/complete',
    tag: 'Visual readings',
    summary: 'Validate the uploaded photo and make it usable by one job',
    description:
      'Decodes the image with sharp: JPEG, PNG, WebP or HEIC, at most 15 MB and 40 megapixels, at least 480 px on the short side. The stored copy has the EXIF orientation applied and carries no metadata (GPS included). A rejected photo answers 400 naming `file` and the rule.',
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
    description: 'Artifacts: `json` for every sku; `hosted` (an HTML page) and `pdf` for branded and premium (`not_included` for json). Links are signed and expire after `valid_for_seconds`.',
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
    description: 'The credit ledger keeps its events, which never held image data. A job deleted before it finished ends as failed with `error_code: deleted`, without refund. Afterwards the job answers 404.',
    auth: 'api_key_or_session',
    params: VisualJobParams,
    success: { status: 204, description: 'erased' },
    errors: [...AUTH_ERRORS, 404],
  },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
