import { ArtifactParams, ArtifactQuery, JobHandle, JobPathParams, JobRecord, PipelineProbeRequest } from '../jobs';
import { SolarReturnReportRequest, SynastryReportRequest, TransitWindowReportRequest } from '../reports';
import { AUTH_ERRORS, CHARGED_ERRORS, REPORT_ERRORS, RouteSpec } from './route-spec';

const REPORT_NOTE =
  'Charged when queued; refunded once by the workflow if the job fails. Poll `/api/v3/jobs/{job_id}`: when `status` is `succeeded`, `artifacts.pdf.url` is a signed download link. ' +
  "Branding: `brand_profile_id` (one of the account's profiles) supplies branding and voice; fields in `branding` override it. A logo that cannot be fetched leaves the report without one and adds a job warning. Honours `Idempotency-Key`.";

/** Routes of the `Reports` tag. */
export const jobRoutes = {
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
} as const satisfies Record<string, RouteSpec>;

/** Routes of the `Reports` tag. */
export const reportRoutes = {
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
} as const satisfies Record<string, RouteSpec>;
