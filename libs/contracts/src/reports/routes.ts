import { z } from 'zod';
import { ArtifactParams, ArtifactQuery, JobHandle, JobList, JobListQuery, JobPathParams, JobRecord, PipelineProbeRequest } from './jobs';
import { SolarReturnReportRequest, SynastryReportRequest, TransitWindowReportRequest } from './schemas';
import { BaziReportRequest, SajuReportRequest } from './four-pillars';
import { PlanetsResponse } from '../shared/planets';
import { accepted, ok, routesWith } from '../shared/route-spec';

/**
 * A JSON artifact: a pipeline probe's `snapshot.json` (the planets at its instant), a visual
 * reading's `reading.json` (its document, whose shape follows the family and sku), or a report's
 * `report.json`: a Saju or BaZi report's document (its sections and the chart's numbers), any
 * other report's computed values as `{kind, data}`.
 */
const JsonArtifact = z.union([
  PlanetsResponse,
  z
    .record(z.string(), z.unknown())
    .describe(
      "a visual reading document (reading.json): the reading as its hosted page and PDF show it; or a report's report.json: a Saju or BaZi report's document (its sections and the chart's numbers), any other report's `{kind, data}`, every value it computed and prints",
    ),
]);

export const REPORT_NOTE =
  'Charged when queued; refunded once by the workflow if the job fails. Poll `/api/v3/jobs/{job_id}`: when `status` is `succeeded`, `artifacts.pdf.url` is a signed download link. ' +
  "Branding: `brand_profile_id` (one of the account's profiles) supplies branding and voice; fields in `branding` override it. A logo that cannot be fetched leaves the report without one and adds a job warning. Honours `Idempotency-Key`.";

/** A queued job: pro tier and up, charged when queued, the first answer again for a repeated Idempotency-Key. */
export const QUEUED_JOB = {
  tag: 'Reports',
  method: 'POST',
  minTier: 'pro',
  idempotencyKey: true,
  success: accepted('queued; poll the handle', JobHandle),
} as const;

/**
 * The downloads of a job's signed links, one operation per media type (the link's file extension),
 * so a generated client knows before the call whether it reads bytes or JSON.
 */
const ARTIFACT_DOWNLOAD = {
  description:
    'The link comes from the job record (`artifacts.<kind>.url`): `name` is its file name without the extension. An expired or altered link answers 403.',
  auth: 'signed_url',
  params: ArtifactParams,
  query: ArtifactQuery,
  successHeaders: ['Content-Disposition', 'Cache-Control'],
  redirect: { status: 302, description: 'with S3 presigned downloads: the bytes are at `Location`, a link valid for one minute' },
  errors: [403, 404],
} as const;

/** Routes of the `Reports` tag. */
export const jobRoutes = routesWith({ tag: 'Reports', method: 'GET' })({
  queuePipelineProbe: {
    ...QUEUED_JOB,
    path: '/v1/pipeline-probes',
    summary: 'Queue a pipeline probe job (positions at `dt`, stored as a JSON artifact)',
    description:
      'The smallest asynchronous job: it goes through the same queue, charge, workflow, artifact storage and refund path as the PDF reports, so integrators and operators can check the whole pipeline cheaply. Honours `Idempotency-Key`.',
    auth: 'api_key',
    operation: 'pipeline_probe',
    body: PipelineProbeRequest,
  },
  listJobs: {
    path: '/api/v3/jobs',
    summary: "The account's jobs, newest first: reports, probes and visual readings",
    description:
      'Filter by `status`, `kind`, a creation period (`created_from` inclusive, `created_to` exclusive) and `livemode`; page with `limit` and `cursor` (`next_cursor`). ' +
      'Each item is a summary; its `poll` path answers the whole record with signed artifact links. Deleted readings are not listed.',
    auth: 'api_key_or_session',
    query: JobListQuery,
    success: ok('a page of jobs', JobList),
  },
  getJob: {
    path: '/api/v3/jobs/{job_id}',
    summary: 'Poll a report job',
    auth: 'api_key_or_session',
    params: JobPathParams,
    success: ok('the job record', JobRecord),
    errors: [404],
  },
  downloadPdfArtifact: {
    ...ARTIFACT_DOWNLOAD,
    path: '/v1/artifacts/{job_id}/{name}.pdf',
    summary: 'Download a PDF artifact (a report or a reading) through its signed, expiring link',
    success: { status: 200, description: 'the PDF', media: { 'application/pdf': { binary: true } } },
  },
  downloadHtmlArtifact: {
    ...ARTIFACT_DOWNLOAD,
    path: '/v1/artifacts/{job_id}/{name}.html',
    summary: 'Download a hosted page (a reading or a report page) through its signed, expiring link',
    success: { status: 200, description: 'the page, sandboxed: no script, no network', media: { 'text/html': { binary: true } } },
  },
  downloadJsonArtifact: {
    ...ARTIFACT_DOWNLOAD,
    path: '/v1/artifacts/{job_id}/{name}.json',
    summary: 'Download a JSON artifact (a probe snapshot, a reading or report document) through its signed, expiring link',
    success: { status: 200, description: 'the JSON document', media: { 'application/json': { schema: JsonArtifact } } },
  },
});

/** Routes of the `Reports` tag: the PDF reports. */
export const reportRoutes = routesWith({ ...QUEUED_JOB, auth: 'api_key_or_session', description: REPORT_NOTE })({
  queueSynastryReport: {
    operationId: 'queueSynastryPremiumPdf',
    path: '/api/v3/reports/synastry-premium/pdf',
    summary: 'Queue a premium synastry PDF (both charts, bi-wheel, inter-aspects, overlays, composite, compatibility)',
    operation: 'report_synastry_premium',
    body: SynastryReportRequest,
  },
  queueTransitWindowReport: {
    operationId: 'queueTransitWindowPdf',
    path: '/api/v3/reports/transit-window/pdf',
    summary: 'Queue a transit-window PDF (every exact transit in up to 31 days, stations, ingresses)',
    operation: 'report_transit_window',
    body: TransitWindowReportRequest,
  },
  queueSolarReturnReport: {
    operationId: 'queueSolarReturnPdf',
    path: '/api/v3/reports/solar-return/pdf',
    summary: 'Queue a solar-return PDF (exact return moment, return chart, themes of the year)',
    operation: 'report_solar_return',
    body: SolarReturnReportRequest,
  },
  queueSajuReport: {
    operationId: 'queueSajuPdf',
    path: '/api/v3/reports/saju/pdf',
    summary:
      'Queue a Korean Saju PDF (pillars with hidden stems, ten gods, Na Yin and life stages; strength, useful god, symbolic stars, every ten-year luck period, this and next year, advice)',
    operation: 'report_saju',
    body: SajuReportRequest,
  },
  queueBaziReport: {
    operationId: 'queueBaziPdf',
    path: '/api/v3/reports/bazi/pdf',
    summary:
      'Queue a Chinese BaZi PDF (pillars with hidden stems, ten gods, Na Yin and life stages; strength, useful god, symbolic stars, every luck pillar, this and next year, advice)',
    operation: 'report_bazi',
    body: BaziReportRequest,
  },
});
