import { z } from 'zod';
import { JobId } from '../shared/ids';
import { IsoInstant } from '../shared/instants';
import { Livemode } from '../shared/livemode';
import { keysetCursor } from '../shared/cursor';
import { DateOrInstant } from '../shared/calendar-date';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const JobHandle = z
  .object({
    job_id: JobId,
    status: z.literal('queued'),
    poll: z.string().describe('relative path to poll: /api/v3/jobs/<job_id>'),
  })
  .meta({ id: 'JobHandle' });
export type JobHandle = z.infer<typeof JobHandle>;

export const JobArtifact = z.object({
  status: z.literal('ready'),
  url: z.string().describe('signed download link served by this API; expires after valid_for_seconds'),
  valid_for_seconds: z.number().int(),
  content_type: z.string(),
  bytes: z.number().int(),
});

export const JobRecord = z
  .object({
    job_id: JobId,
    livemode: Livemode,
    kind: z.string(),
    status: z.enum(JOB_STATUSES),
    stage: z.string().describe('queued, a kind-specific working stage, then done or failed'),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    credits_charged: z.number().int(),
    credits_refunded: z.number().int(),
    error_code: z.string().nullable(),
    error_message: z.string().nullable(),
    artifacts: z.record(z.string(), JobArtifact),
    warnings: z.array(z.string()).describe('problems that did not fail the job, e.g. a logo that could not be fetched'),
  })
  .meta({ id: 'Job' });
export type JobRecord = z.infer<typeof JobRecord>;

/** The `data` of a `report.completed` webhook: the job record with absolute links, signed at the attempt. */
export const ReportCompletedData = JobRecord.extend({
  url: z.string().describe('the job in this API, absolute: GET it for the record as it is now'),
}).meta({ id: 'ReportCompletedJob' });

export const JobPathParams = z.object({ job_id: z.string() }).strict();

export const IdempotencyKeyHeader = z.string().min(1).max(128);

export const PipelineProbeRequest = z
  .object({ dt: IsoInstant.describe('the instant whose planet positions the job computes and stores as snapshot.json') })
  .strict();

export const ArtifactParams = z
  .object({ job_id: z.string(), name: z.string().describe('the file name of the link without its extension, e.g. `report`') })
  .strict();
export const ArtifactQuery = z
  .object({ expires: z.coerce.number().int(), signature: z.string().regex(/^[a-f0-9]{64}$/, 'must be 64 hex characters') })
  .strict();

/** The kinds of job an account's job list mixes, newest first: report jobs (`job_…`) and visual readings (`vrj_…`). */
export const LISTED_JOB_ID_KINDS = ['job', 'visualJob'] as const;

const QueryBoolean = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((value) => value === 'true');

export const JobListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: keysetCursor(LISTED_JOB_ID_KINDS).optional(),
    status: z.enum(JOB_STATUSES).optional(),
    kind: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,59}$/, 'must be a job kind such as synastry_premium, pipeline_probe or visual_face')
      .optional(),
    created_from: DateOrInstant.optional().describe('only jobs created at or after this date (UTC midnight) or instant'),
    created_to: DateOrInstant.optional().describe('only jobs created before this date (UTC midnight) or instant'),
    livemode: QueryBoolean.optional().describe(
      "the caller's mode only: a live key (or a session) lists live jobs, a test key test jobs; naming the other mode lists nothing",
    ),
  })
  .strict()
  .refine((q) => !q.created_from || !q.created_to || Date.parse(q.created_from) < Date.parse(q.created_to), {
    path: ['created_to'],
    message: 'must be after created_from',
  });

export const JobSummary = z
  .object({
    job_id: z.string().describe('job_… (a report or probe) or vrj_… (a visual reading)'),
    kind: z.string().describe('synastry_premium, transit_window, …, pipeline_probe, visual_palm, visual_face'),
    status: z.enum(JOB_STATUSES),
    stage: z.string(),
    livemode: z.boolean(),
    credits_charged: z.number().int(),
    credits_refunded: z.number().int(),
    error_code: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    poll: z.string().describe('the job record: /api/v3/jobs/<job_id> or /api/v3/visual-readings/jobs/<job_id>'),
  })
  .meta({ id: 'JobSummary' });
export type JobSummary = z.infer<typeof JobSummary>;

export const JobList = z
  .object({
    jobs: z.array(JobSummary),
    next_cursor: z.string().nullable().describe('pass as `cursor` for the next (older) page; null at the end'),
  })
  .meta({ id: 'JobList' });
export type JobList = z.infer<typeof JobList>;
