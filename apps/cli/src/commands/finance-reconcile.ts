import * as fs from 'node:fs';
import { ensureCheckpoints, formatReconciliation, reconcile, REPORT_FORMATS, ReportFormat } from '@astro/finance';
import { CommandContext } from '../command';
import { dateFlag } from '../date-flag';
import { progressBar } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const format = (f.format ?? 'table') as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new Error(`--format must be one of ${REPORT_FORMATS.join(', ')}`);
  // The month ends not yet checkpointed are folded once here; then the report reads only its months.
  await ensureCheckpoints(db);
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
}
