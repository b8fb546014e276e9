import { csvLine } from './csv';
import { JobLine, JobLines, Reconciliation, ReconciliationSummary } from './reconciliation';

export const REPORT_FORMATS = ['table', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Where a report is written, a piece at a time; a promise makes the writer wait (back-pressure). */
export type ReportWrite = (text: string) => void | Promise<void>;

/**
 * One CSV file with a `section` column, so a spreadsheet filters totals, jobs and violations apart
 * while the file stays a single rectangular table.
 */
async function writeCsv(report: ReconciliationSummary, jobs: JobLines, write: ReportWrite): Promise<void> {
  const lines = [
    csvLine([
      'section',
      'account_id',
      'operation_or_job',
      'kind_or_invariant',
      'granted',
      'charged',
      'refunded',
      'net_or_refunds',
      'status_or_detail',
    ]),
  ];
  for (const o of report.operations)
    lines.push(csvLine(['operation', o.account_id, o.operation, '', o.granted, o.charged, o.refunded, o.net, '']));
  await write(`${lines.join('\r\n')}\r\n`);
  for await (const page of jobs.pages())
    await write(
      page.map((j) => `${csvLine(['job', j.account_id, j.job_id, j.kind, '', j.charged, j.refunded, j.refunds, j.status])}\r\n`).join(''),
    );
  const tail: string[] = [];
  for (const i of report.invariants) {
    tail.push(
      csvLine([
        'invariant',
        '',
        '',
        i.name,
        '',
        '',
        '',
        i.violations.length,
        i.checked ? (i.ok ? 'ok' : 'FAILED') : `not checked: ${i.note ?? ''}`,
      ]),
    );
    for (const v of i.violations)
      tail.push(csvLine(['violation', v.account_id, v.job_id ?? v.position ?? '', i.name, '', '', '', '', v.detail]));
  }
  await write(`${tail.join('\r\n')}\r\n`);
}

/**
 * The report as one JSON object, the job lines one per line as they are read: `jq` reads it like
 * the in-memory report, and a job is found with grep.
 */
async function writeJson(report: ReconciliationSummary, jobs: JobLines, write: ReportWrite): Promise<void> {
  const { invariants, ok, ...head } = report;
  const indent = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
  await write(
    `{\n${Object.entries(head)
      .map(([k, v]) => `  ${JSON.stringify(k)}: ${indent(v)},\n`)
      .join('')}  "jobs": [`,
  );
  let first = true;
  for await (const page of jobs.pages()) {
    await write(page.map((j) => `${first ? ((first = false), '') : ','}\n    ${JSON.stringify(j)}`).join(''));
  }
  await write(`${first ? '' : '\n  '}],\n  "invariants": ${indent(invariants)},\n  "ok": ${JSON.stringify(ok)}\n}\n`);
}

function table(headers: string[], rows: unknown[][]): string[] {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))))];
  const widths = headers.map((_h, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells.map((r) =>
    r
      .map((c, i) => (i >= 2 && /^-?\d/.test(c) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}

/** The operator's summary: totals, the number of jobs (not their lines) and every violation in full. */
function toTable(report: ReconciliationSummary, jobs: Pick<JobLines, 'count' | 'failed'>): string {
  const p = report.period;
  const out = [
    `Reconciliation ${p.from} … ${p.to}${p.account_id ? ` for ${p.account_id}` : ''}  (${report.events_read} events folded)`,
    '',
    ...table(
      ['account', 'operation', 'granted', 'charged', 'refunded', 'net'],
      [
        ...report.operations.map((o) => [o.account_id, o.operation, o.granted, o.charged, o.refunded, o.net]),
        ['TOTAL', '', report.totals.granted, report.totals.charged, report.totals.refunded, report.totals.net],
      ],
    ),
    '',
    `${jobs.count} job(s) with events in the period; failed: ${jobs.failed}`,
    '',
    'Invariants',
  ];
  for (const i of report.invariants) {
    const state = !i.checked ? `not checked (${i.note})` : i.ok ? 'ok' : `FAILED: ${i.violations.length} violation(s)`;
    out.push(`  ${i.ok ? '✓' : '✗'} ${i.description}: ${state}`);
    for (const v of i.violations)
      out.push(
        `      ${[v.account_id, v.job_id, v.position !== undefined ? `event #${v.position}` : ''].filter(Boolean).join('  ')}  ${v.detail}`,
      );
  }
  out.push('', report.ok ? 'ALL INVARIANTS HOLD' : 'INVARIANTS FAILED');
  return `${out.join('\n')}\n`;
}

/** Writes the report as it is read: the job lines pass through a page at a time, never held whole. */
export async function writeReconciliation(
  report: ReconciliationSummary,
  jobs: JobLines,
  format: ReportFormat,
  write: ReportWrite,
): Promise<void> {
  if (format === 'json') return writeJson(report, jobs, write);
  if (format === 'csv') return writeCsv(report, jobs, write);
  await write(toTable(report, jobs));
}

/** An in-memory report as the job lines of a streamed one. */
export function jobLinesOf(jobs: JobLine[]): JobLines {
  return {
    count: jobs.length,
    failed: jobs.filter((j) => j.status === 'failed').length,
    pages: async function* () {
      yield jobs;
    },
  };
}

/** An in-memory report, written the same way into one string. */
export async function formatReconciliation(report: Reconciliation, format: ReportFormat): Promise<string> {
  const { jobs, ...summary } = report;
  let text = '';
  await writeReconciliation(summary, jobLinesOf(jobs), format, (piece) => {
    text += piece;
  });
  return text;
}
