import * as fs from 'node:fs';
import { once } from 'node:events';
import { ensureCheckpoints, reconcileStreamed, REPORT_FORMATS, ReportFormat, writeReconciliation } from '@astro/finance';
import { CommandContext } from '../command';
import { dateFlag } from '../date-flag';
import { progressBar } from '../operator';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const format = (f.format ?? 'table') as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new Error(`--format must be one of ${REPORT_FORMATS.join(', ')}`);
  // The month ends not yet checkpointed are folded once here; then the report reads only its months.
  await ensureCheckpoints(db);
  const out = f.out ? fs.createWriteStream(f.out) : process.stdout;
  // The job lines are written as they are read back (a whole range lists every job of the log);
  // waiting for 'drain' keeps a slow pipe from buffering them all in the process instead.
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const ok = await reconcileStreamed(
    db,
    { from: dateFlag(f, 'from'), to: dateFlag(f, 'to'), accountId: f.account },
    async (summary, jobs) => {
      await writeReconciliation(summary, jobs, format, write);
      return summary.ok;
    },
    { onProgress: progressBar('folding the event log') },
  );
  if (f.out) {
    await new Promise<void>((resolve, reject) => (out as fs.WriteStream).end((err?: Error | null) => (err ? reject(err) : resolve())));
    console.log(`report written to ${f.out}; ${ok ? 'every invariant holds' : 'INVARIANTS FAILED'}`);
  }
  // A failed invariant is an alarm for the nightly job: exit 1 after writing the report.
  if (!ok) process.exitCode = 1;
}
