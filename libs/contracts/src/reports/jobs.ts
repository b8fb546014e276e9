import { z } from 'zod';
import { JobId } from '../ids';
import { IsoInstant } from '../western/planets';
import { Livemode } from '../livemode';

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
