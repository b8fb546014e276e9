import { csvLine } from './csv';
import { Reconciliation } from './reconciliation';

export const REPORT_FORMATS = ['table', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * One CSV file with a `section` column, so a spreadsheet filters totals, jobs and violations apart
 * while the file stays a single rectangular table.
 */
function toCsv(report: Reconciliation): string {
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
  for (const j of report.jobs) lines.push(csvLine(['job', j.account_id, j.job_id, j.kind, '', j.charged, j.refunded, j.refunds, j.status]));
  for (const i of report.invariants) {
    lines.push(
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
      lines.push(csvLine(['violation', v.account_id, v.job_id ?? v.position ?? '', i.name, '', '', '', '', v.detail]));
  }
  return `${lines.join('\r\n')}\r\n`;
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

function toTable(report: Reconciliation): string {
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
    `${report.jobs.length} job(s) with events in the period; failed: ${report.jobs.filter((j) => j.status === 'failed').length}`,
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

export function formatReconciliation(report: Reconciliation, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'csv') return toCsv(report);
  return toTable(report);
}
