import * as fs from 'node:fs';
import { formatReconciliation, reconcile, REPORT_FORMATS, ReportFormat } from '@astro/finance';
import { Command } from '../command';
import { dateFlag } from '../flags';
import { progressBar } from '../operator';

export const financeReconcile: Command = {
  name: 'finance:reconcile',
  usage: '--from DATE --to DATE [--account ID] [--format table|csv|json] [--out FILE]',
  summary: 'fold the event log into charges, refunds and jobs of the period\nand check the finance invariants; exit code 1 when one fails',
  async run({ db, flags: f }) {
    const format = (f.format ?? 'table') as ReportFormat;
    if (!REPORT_FORMATS.includes(format)) throw new Error(`--format must be one of ${REPORT_FORMATS.join(', ')}`);
    const report = await reconcile(
      db,
      { from: dateFlag(f, 'from'), to: dateFlag(f, 'to'), accountId: f.account },
      { onProgress: progressBar('folding the event log') },
    );
    const text = formatReconciliation(report, format);
    if (f.out) {
      fs.writeFileSync(f.out, text);
      console.log(`report written to ${f.out}; ${report.ok ? 'every invariant holds' : 'INVARIANTS FAILED'}`);
    } else {
      process.stdout.write(text);
    }
    // A failed invariant is an alarm for the nightly job: exit 1 after writing the report.
    if (!report.ok) process.exitCode = 1;
  },
};
