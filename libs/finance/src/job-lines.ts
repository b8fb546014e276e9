import { Queryable } from '@astro/database';
import { JobLine } from './reconciliation-types';

const PAGE = 5_000;

/**
 * The report's job lines of one reconciliation, kept in a temporary table of its transaction
 * instead of the process: a whole-range report lists every job of the range (76,000 at 1 M events),
 * which would otherwise be the only part of the report that grows with the log. The fold hands
 * over the lines of the jobs it drops; a dropped job that the log touches again (a retry, a stray
 * refund) is withdrawn and folded again. At the end the lines are read back in job id order, a
 * page at a time. The table is dropped when the transaction ends.
 */
export class JobLineStore {
  private created = false;

  constructor(private readonly tx: Queryable) {}

  private async create(): Promise<void> {
    if (this.created) return;
    await this.tx.query(
      `CREATE TEMPORARY TABLE reconcile_job_lines (
         job_id text COLLATE "C" PRIMARY KEY, account_id text NOT NULL, kind text NOT NULL, operation text NOT NULL,
         charged bigint NOT NULL, refunded bigint NOT NULL, refunds int NOT NULL, attempts int NOT NULL, status text NOT NULL
       ) ON COMMIT DROP`,
    );
    this.created = true;
  }

  /** Stores lines; a job's later line replaces its earlier one (the fold's last word on it). */
  async add(added: JobLine[]): Promise<void> {
    if (added.length === 0) return;
    await this.create();
    const lines = [...new Map(added.map((l) => [l.job_id, l])).values()];
    for (let i = 0; i < lines.length; i += PAGE) {
      const slice = lines.slice(i, i + PAGE);
      await this.tx.query(
        `INSERT INTO reconcile_job_lines
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::int[], $9::text[])
         ON CONFLICT (job_id) DO UPDATE SET account_id = excluded.account_id, kind = excluded.kind, operation = excluded.operation,
           charged = excluded.charged, refunded = excluded.refunded, refunds = excluded.refunds, attempts = excluded.attempts,
           status = excluded.status`,
        [
          slice.map((l) => l.job_id),
          slice.map((l) => l.account_id),
          slice.map((l) => l.kind),
          slice.map((l) => l.operation),
          slice.map((l) => l.charged),
          slice.map((l) => l.refunded),
          slice.map((l) => l.refunds),
          slice.map((l) => l.attempts),
          slice.map((l) => l.status),
        ],
      );
    }
  }

  /** Withdraws the lines of jobs the fold takes up again. */
  async remove(jobIds: string[]): Promise<void> {
    if (!this.created || jobIds.length === 0) return;
    await this.tx.query(`DELETE FROM reconcile_job_lines WHERE job_id = ANY($1::text[])`, [jobIds]);
  }

  async counts(): Promise<{ count: number; failed: number }> {
    if (!this.created) return { count: 0, failed: 0 };
    const [row] = await this.tx.query<{ count: number; failed: number }>(
      `SELECT count(*)::int AS count, (count(*) FILTER (WHERE status = 'failed'))::int AS failed FROM reconcile_job_lines`,
    );
    return row;
  }

  /** The lines in job id order, a page at a time (keyset on the primary key). */
  async *pages(): AsyncGenerator<JobLine[]> {
    if (!this.created) return;
    let after = '';
    for (;;) {
      const rows = await this.tx.query<JobLine>(
        `SELECT job_id, account_id, kind, operation, charged::float8 AS charged, refunded::float8 AS refunded, refunds, attempts, status
           FROM reconcile_job_lines WHERE job_id > $1 ORDER BY job_id LIMIT ${PAGE}`,
        [after],
      );
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1].job_id;
    }
  }
}
