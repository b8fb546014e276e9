import { Projection, ProjectionRow, StoredEvent, streamKeySql, utcIsoSql } from '@astro/ledger';
import { JobBook, loggedColumnsOf, REPORT_JOBS, VISUAL_JOBS } from './job-ledger';

/**
 * A job table folded from its streams (`report_job:<id>` or `visual_job:<id>`) and the refunds on
 * account streams. One definition for both books: they share the lifecycle events. The book's
 * personal columns (a reading's subject label) are in the row only, never folded.
 */
function jobProjection(book: JobBook): Projection {
  const visual = book === VISUAL_JOBS;
  const logged = loggedColumnsOf(book);
  const extraLive = visual ? `, ${logged.join(', ')}, ${utcIsoSql('erased_at')} AS erased_at` : '';
  const type = (suffix: string) => `${book.eventPrefix}${suffix}`;
  return {
    table: book.table,
    key: 'id',
    columns: [
      'id',
      'account_id',
      'kind',
      'status',
      'stage',
      'credits_charged',
      'credits_refunded',
      'error_code',
      'error_message',
      'artifacts',
      'warnings',
      'livemode',
      'version',
      'created_at',
      'started_at',
      'finished_at',
      'updated_at',
      ...(visual ? [...logged, 'erased_at'] : []),
    ],
    selectLive: `SELECT id, account_id, kind, status, stage, credits_charged, credits_refunded, error_code, error_message,
                      artifacts, warnings, livemode, version, ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('started_at')} AS started_at,
                      ${utcIsoSql('finished_at')} AS finished_at, ${utcIsoSql('updated_at')} AS updated_at${extraLive}
                 FROM ${book.table}`,
    // A refund that names a job (as a JSON string) changes that job's row; any other event, the row of its stream.
    keySql: `CASE WHEN event_type = 'CreditsRefunded' AND jsonb_typeof(payload->'job_id') = 'string' THEN payload->>'job_id'
                  ELSE ${streamKeySql(book.streamPrefix)} END`,
    fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void {
      const at = event.recordedAtIso;
      if (event.type === 'CreditsRefunded' && typeof event.payload.job_id === 'string') {
        const job = rows.get(event.payload.job_id);
        if (job) {
          job.credits_refunded = Number(job.credits_refunded) + Number(event.payload.amount);
          job.updated_at = at;
        }
        return;
      }
      if (!event.streamId.startsWith(book.streamPrefix)) return;
      const id = event.streamId.slice(book.streamPrefix.length);
      if (event.type === type('Queued')) {
        const extra: ProjectionRow = {};
        if (visual) {
          for (const column of logged) extra[column] = (event.payload[column] ?? null) as ProjectionRow[string];
          extra.erased_at = null;
        }
        rows.set(id, {
          ...extra,
          id,
          account_id: String(event.payload.account_id),
          kind: String(event.payload.kind),
          status: 'queued',
          stage: 'queued',
          credits_charged: Number(event.payload.credits_charged),
          credits_refunded: 0,
          error_code: null,
          error_message: null,
          artifacts: {},
          warnings: [],
          // Events before test mode have no `livemode`: those jobs were live.
          livemode: event.payload.livemode !== false,
          version: event.streamVersion,
          created_at: at,
          started_at: null,
          finished_at: null,
          updated_at: at,
        });
        return;
      }
      const job = rows.get(id);
      if (!job) throw new Error(`event ${event.position} on ${event.streamId} precedes ${type('Queued')}`);
      switch (event.type.slice(book.eventPrefix.length)) {
        case 'Started':
          Object.assign(job, { status: 'running', stage: String(event.payload.stage), started_at: at });
          break;
        case 'StageChanged':
          job.stage = String(event.payload.stage);
          break;
        case 'Succeeded':
          Object.assign(job, {
            status: 'succeeded',
            stage: 'done',
            artifacts: event.payload.artifacts as Record<string, unknown>,
            warnings: (event.payload.warnings ?? []) as unknown[],
            finished_at: at,
          });
          break;
        case 'Failed':
          Object.assign(job, {
            status: 'failed',
            stage: 'failed',
            error_code: String(event.payload.error_code),
            error_message: String(event.payload.error_message),
            finished_at: at,
          });
          break;
        case 'Retried':
          // An operator's retry (jobs:retry): queued again, and the refund of the failed attempt was
          // taken back by a charge of the same amount, so nothing stands refunded for this attempt.
          Object.assign(job, {
            status: 'queued',
            stage: 'queued',
            credits_refunded: 0,
            error_code: null,
            error_message: null,
            started_at: null,
            finished_at: null,
          });
          break;
        case 'Erased':
          job.artifacts = {};
          job.erased_at = at;
          if (job.status !== 'succeeded' && job.status !== 'failed') {
            Object.assign(job, {
              status: 'failed',
              stage: 'failed',
              error_code: 'deleted',
              error_message: 'deleted by its owner',
              finished_at: at,
            });
          }
          break;
        default:
          throw new Error(`${book.table} projection does not know event ${event.type}`);
      }
      job.version = event.streamVersion;
      job.updated_at = at;
    },
  };
}

export const jobsProjection = jobProjection(REPORT_JOBS);
export const visualJobsProjection = jobProjection(VISUAL_JOBS);
