import { decodeKeysetCursor, encodeKeysetCursor, JobSummary, LISTED_JOB_ID_KINDS } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { utcIsoSql } from '@astro/ledger';
import { JobStatus } from './job-ledger';

/** What an account's job list is narrowed to; every field optional but the page size. */
export interface JobListFilter {
  limit: number;
  /** the `next_cursor` of the page before: the (created_at, id) the next page starts below */
  cursor?: string;
  status?: JobStatus;
  kind?: string;
  /** inclusive */
  createdFrom?: string;
  /** exclusive */
  createdTo?: string;
  livemode?: boolean;
}

/** The columns the two job tables share, as the list reads them; a visual reading polls at its own path. */
const summaryColumns = (pollPrefix: string) => `id, kind, status, stage, livemode, credits_charged, credits_refunded,
       error_code, created_at, ${utcIsoSql('created_at')} AS created_at_iso, ${utcIsoSql('finished_at')} AS finished_at_iso,
       '${pollPrefix}' || id AS poll`;

interface SummaryRow {
  id: string;
  kind: string;
  status: JobStatus;
  stage: string;
  livemode: boolean;
  credits_charged: number;
  credits_refunded: number;
  error_code: string | null;
  created_at_iso: string;
  finished_at_iso: string | null;
  poll: string;
}

/**
 * An account's jobs, report and visual-reading alike, newest first, a page at a time. Both tables
 * have an (account_id, created_at DESC) index, so each branch reads at most a page and one row.
 * Erased readings are not listed: their record answers 404 too.
 */
export async function listAccountJobs(
  q: Queryable,
  accountId: string,
  filter: JobListFilter,
): Promise<{ jobs: JobSummary[]; nextCursor: string | null }> {
  // The query schema checked the cursor already; decoding again keeps the library safe for any caller.
  const before = filter.cursor ? decodeKeysetCursor(filter.cursor, LISTED_JOB_ID_KINDS) : null;
  const params = [
    accountId,
    before?.createdAt ?? null,
    before?.id ?? '',
    filter.status ?? null,
    filter.kind ?? null,
    filter.createdFrom ?? null,
    filter.createdTo ?? null,
    filter.livemode ?? null,
    filter.limit + 1,
  ];
  const where = `account_id = $1
      AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::text))
      AND ($4::text IS NULL OR status = $4) AND ($5::text IS NULL OR kind = $5)
      AND ($6::timestamptz IS NULL OR created_at >= $6) AND ($7::timestamptz IS NULL OR created_at < $7)
      AND ($8::boolean IS NULL OR livemode = $8)`;
  const branch = (table: string, pollPrefix: string, extra = '') =>
    `(SELECT ${summaryColumns(pollPrefix)} FROM ${table} WHERE ${where}${extra} ORDER BY created_at DESC, id DESC LIMIT $9)`;
  const rows = await q.query<SummaryRow>(
    `${branch('jobs', '/api/v3/jobs/')} UNION ALL ${branch('visual_jobs', '/api/v3/visual-readings/jobs/', ' AND erased_at IS NULL')}
     ORDER BY created_at DESC, id DESC LIMIT $9`,
    params,
  );
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  return {
    jobs: page.map((row) => ({
      job_id: row.id,
      kind: row.kind,
      status: row.status,
      stage: row.stage,
      livemode: row.livemode,
      credits_charged: row.credits_charged,
      credits_refunded: row.credits_refunded,
      error_code: row.error_code,
      created_at: row.created_at_iso,
      finished_at: row.finished_at_iso,
      poll: row.poll,
    })),
    nextCursor: rows.length > filter.limit ? encodeKeysetCursor({ createdAt: last.created_at_iso, id: last.id }) : null,
  };
}
