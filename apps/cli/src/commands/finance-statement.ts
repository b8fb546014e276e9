import * as fs from 'node:fs';
import { ensureCheckpoints, monthlyStatement, STATEMENT_FORMATS, StatementFormat, statementCsv, statementHtml } from '@astro/finance';
import { PdfRenderer } from '@astro/rendering';
import { CommandContext } from '../command';
import { required } from '../flags';

export async function run({ db, flags: f }: CommandContext): Promise<void> {
  const format = (f.format ?? 'csv') as StatementFormat;
  if (!STATEMENT_FORMATS.includes(format)) throw new Error(`--format must be one of ${STATEMENT_FORMATS.join(', ')}`);
  const month = required(f, 'month');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error('--month must be a calendar month YYYY-MM (UTC)');
  if (format === 'pdf' && !f.out) throw new Error('--format pdf needs --out FILE');
  await ensureCheckpoints(db);
  const statement = await monthlyStatement(db, required(f, 'account'), month);
  if (!statement) throw new Error(`no account ${f.account}`);
  let output: string | Buffer;
  if (format === 'pdf') {
    const renderer = new PdfRenderer(1);
    try {
      output = await renderer.render(statementHtml(statement));
    } finally {
      await renderer.close();
    }
  } else {
    output = format === 'csv' ? statementCsv(statement) : `${JSON.stringify(statement, null, 2)}\n`;
  }
  if (!f.out) {
    process.stdout.write(output);
    return;
  }
  fs.writeFileSync(f.out, output);
  console.log(
    `statement of ${statement.account_id} for ${month} written to ${f.out}: opening ${statement.opening_balance}, closing ${statement.closing_balance}`,
  );
}
