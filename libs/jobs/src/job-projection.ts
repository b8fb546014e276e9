import { StoredEvent, utcIsoSql } from '../../ledger/src/event-store';
import { Projection, ProjectionRow } from '../../ledger/src/projection';

/** The `jobs` table, folded from `report_job:<id>` streams and the refunds on account streams. */
export const jobsProjection: Projection = {
  table: 'jobs',
  key: 'id',
  columns: [
    'id', 'account_id', 'kind', 'status', 'stage', 'credits_charged', 'credits_refunded',
    'error_code', 'error_message', 'artifacts', 'warnings', 'version', 'created_at', 'started_at', 'finished_at', 'updated_at',
  ],
  selectLive: `SELECT id, account_id, kind, status, stage, credits_charged, credits_refunded, error_code, error_message,
                      artifacts, warnings, version, ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('started_at')} AS started_at,
                      ${utcIsoSql('finished_at')} AS finished_at, ${utcIsoSql('updated_at')} AS updated_at
                 FROM jobs`,
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
    if (!event.streamId.startsWith('report_job:')) return;
    const id = event.streamId.slice('report_job:'.length);
    if (event.type === 'ReportJobQueued') {
      rows.set(id, {
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
        version: event.streamVersion,
        created_at: at,
        started_at: null,
        finished_at: null,
        updated_at: at,
      });
      return;
    }
    const job = rows.get(id);
    if (!job) throw new Error(`event ${event.position} on ${event.streamId} precedes ReportJobQueued`);
    switch (event.type) {
      case 'ReportJobStarted':
        Object.assign(job, { status: 'running', stage: String(event.payload.stage), started_at: at });
        break;
      case 'ReportJobStageChanged':
        job.stage = String(event.payload.stage);
        break;
      case 'ReportJobSucceeded':
        Object.assign(job, {
          status: 'succeeded',
          stage: 'done',
          artifacts: event.payload.artifacts as Record<string, unknown>,
          warnings: (event.payload.warnings ?? []) as unknown[],
          finished_at: at,
        });
        break;
      case 'ReportJobFailed':
        Object.assign(job, {
          status: 'failed',
          stage: 'failed',
          error_code: String(event.payload.error_code),
          error_message: String(event.payload.error_message),
          finished_at: at,
        });
        break;
      default:
        throw new Error(`jobs projection does not know event ${event.type}`);
    }
    job.version = event.streamVersion;
    job.updated_at = at;
  },
};
