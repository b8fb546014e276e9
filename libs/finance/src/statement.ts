import { Queryable } from '@astro/database';
import { accountStream, EVENT_COLUMNS, EventRow, StoredEvent, toStoredEvent } from '@astro/ledger';
import { DEFAULT_BRANDING, escapeHtml, reportDocument } from '@astro/rendering';
import { csvLine } from './csv';

/** Credits moved by one operation (or one grant reason) in the month. */
export interface StatementLine {
  item: string;
  count: number;
  credits: number;
}

/** An account's month, folded from its own stream in the event log (never from the projection). */
export interface MonthlyStatement {
  account_id: string;
  account_name: string;
  tier: string;
  /** YYYY-MM, a calendar month in UTC */
  month: string;
  period: { from: string; to: string };
  opening_balance: number;
  grants: StatementLine[];
  charges: StatementLine[];
  refunds: StatementLine[];
  totals: { granted: number; charged: number; refunded: number };
  /** opening + granted − charged + refunded */
  closing_balance: number;
  /** charges made by an operator's retry (jobs:retry), already inside `charges`: the refund of a failed attempt taken back */
  retry_charges: number;
  events_read: number;
}

export const STATEMENT_FORMATS = ['csv', 'pdf', 'json'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** `2026-11` → [2026-11-01T00:00Z, 2026-12-01T00:00Z); null when it is not a month. */
export function monthPeriod(month: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

function addTo(lines: Map<string, StatementLine>, item: string, credits: number): void {
  const line = lines.get(item) ?? { item, count: 0, credits: 0 };
  line.count++;
  line.credits += credits;
  lines.set(item, line);
}

const sorted = (lines: Map<string, StatementLine>) => [...lines.values()].sort((a, b) => a.item.localeCompare(b.item));

/** Where a statement starts when the month's opening comes from a checkpoint instead of the stream. */
export interface StatementStart {
  name: string;
  tier: string;
  openingBalance: number;
  /** the operation charged for each job refunded in the month but charged before it */
  operationOfJob: Map<string, string>;
}

/**
 * Folds the account's stream up to the end of the month: everything before it makes the opening
 * balance, the month's grants, charges and refunds are summed by operation (a refund under the
 * operation of the charge it returns), and the closing balance is the opening plus the month.
 */
export function foldStatement(accountId: string, month: string, events: StoredEvent[], start?: StatementStart): MonthlyStatement {
  const period = monthPeriod(month);
  if (!period) throw new Error(`not a month: ${month} (YYYY-MM)`);
  const grants = new Map<string, StatementLine>();
  const charges = new Map<string, StatementLine>();
  const refunds = new Map<string, StatementLine>();
  const operationOfJob = new Map(start?.operationOfJob ?? []);
  let name = start?.name ?? '';
  let tier = start?.tier ?? '';
  let opening = start?.openingBalance ?? 0;
  let retryCharges = 0;
  let read = 0;
  for (const event of events) {
    if (event.recordedAt >= period.to) break;
    read++;
    const amount = Number(event.payload.amount ?? 0);
    const inMonth = event.recordedAt >= period.from;
    const jobId = typeof event.payload.job_id === 'string' ? event.payload.job_id : undefined;
    switch (event.type) {
      case 'AccountOpened':
        name = String(event.payload.name ?? '');
        tier = String(event.payload.tier ?? '');
        break;
      case 'AccountTierChanged':
        tier = String(event.payload.tier ?? tier);
        break;
      case 'CreditsGranted':
        if (inMonth) addTo(grants, String(event.payload.reason ?? 'grant'), amount);
        else opening += amount;
        break;
      case 'CreditsCharged': {
        const operation = String(event.payload.operation ?? 'unknown');
        if (jobId && !operationOfJob.has(jobId)) operationOfJob.set(jobId, operation);
        if (!inMonth) opening -= amount;
        else {
          addTo(charges, operation, amount);
          if (typeof event.payload.attempt === 'number') retryCharges += amount;
        }
        break;
      }
      case 'CreditsRefunded':
        if (inMonth) addTo(refunds, (jobId && operationOfJob.get(jobId)) || 'unknown', amount);
        else opening += amount;
        break;
      default:
        break;
    }
  }
  const sum = (lines: Map<string, StatementLine>) => [...lines.values()].reduce((t, l) => t + l.credits, 0);
  const totals = { granted: sum(grants), charged: sum(charges), refunded: sum(refunds) };
  return {
    account_id: accountId,
    account_name: name,
    tier,
    month,
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    opening_balance: opening,
    grants: sorted(grants),
    charges: sorted(charges),
    refunds: sorted(refunds),
    totals,
    closing_balance: opening + totals.granted - totals.charged + totals.refunded,
    retry_charges: retryCharges,
    events_read: read,
  };
}

/**
 * The account's statement for a month. With the checkpoint of the month's start (ensureCheckpoints)
 * only the month's part of the stream is read — the versions between the two checkpoints — and the
 * opening balance comes from the checkpoint; without it the stream is folded from its start.
 * Null for an unknown account.
 */
export async function monthlyStatement(q: Queryable, accountId: string, month: string): Promise<MonthlyStatement | null> {
  const period = monthPeriod(month);
  if (!period) throw new Error(`not a month: ${month} (YYYY-MM)`);
  const stream = accountStream(accountId);
  const [opening] = await q.query<{
    found: boolean;
    name: string | null;
    tier: string | null;
    balance: string | null;
    next_version: number | null;
  }>(
    `SELECT true AS found, a.name, a.tier, a.balance, a.next_version
       FROM ledger_checkpoints c LEFT JOIN ledger_checkpoint_accounts a ON a.period_end = c.period_end AND a.account_id = $2
      WHERE c.period_end = $1`,
    [period.from, accountId],
  );
  if (!opening) {
    const rows = await q.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND recorded_at < $2 ORDER BY stream_version`,
      [stream, period.to],
    );
    if (rows.length === 0 && !(await streamExists(q, stream))) return null;
    return foldStatement(accountId, month, rows.map(toStoredEvent));
  }
  const [closing] = await q.query<{ last_version: number }>(
    `SELECT last_version FROM ledger_checkpoint_accounts WHERE period_end = $1 AND account_id = $2`,
    [period.to, accountId],
  );
  const rows = await q.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events
      WHERE stream_id = $1 AND stream_version >= $2 AND stream_version <= $3 AND recorded_at >= $4 AND recorded_at < $5
      ORDER BY stream_version`,
    [stream, opening.next_version ?? 1, closing?.last_version ?? 2_147_483_647, period.from, period.to],
  );
  if (rows.length === 0 && opening.name === null && !(await streamExists(q, stream))) return null;
  const events = rows.map(toStoredEvent);
  return foldStatement(accountId, month, events, {
    name: opening.name ?? '',
    tier: opening.tier ?? '',
    openingBalance: Number(opening.balance ?? 0),
    operationOfJob: await operationsOfEarlierJobs(q, stream, events),
  });
}

async function streamExists(q: Queryable, stream: string): Promise<boolean> {
  const [exists] = await q.query(`SELECT 1 FROM events WHERE stream_id = $1 LIMIT 1`, [stream]);
  return Boolean(exists);
}

/** The operation of each job refunded among `events` whose charge is not among them (through the job id index). */
async function operationsOfEarlierJobs(q: Queryable, stream: string, events: StoredEvent[]): Promise<Map<string, string>> {
  const charged = new Set(events.filter((e) => e.type === 'CreditsCharged').map((e) => e.payload.job_id));
  const ids = [
    ...new Set(
      events
        .filter((e) => e.type === 'CreditsRefunded' && typeof e.payload.job_id === 'string' && !charged.has(e.payload.job_id))
        .map((e) => String(e.payload.job_id)),
    ),
  ];
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ job_id: string; operation: string }>(
    `SELECT DISTINCT ON (payload->>'job_id') payload->>'job_id' AS job_id, payload->>'operation' AS operation
       FROM (SELECT * FROM events WHERE (payload->>'job_id') = ANY($1::text[]) OFFSET 0) e -- the job id index alone
      WHERE stream_id = $2 AND event_type = 'CreditsCharged'
      ORDER BY payload->>'job_id', position`,
    [ids, stream],
  );
  return new Map(rows.map((r) => [r.job_id, r.operation]));
}

/** One RFC 4180 table: `section,item,count,credits`, from the account and month to the closing balance. */
export function statementCsv(s: MonthlyStatement): string {
  const rows: unknown[][] = [
    ['section', 'item', 'count', 'credits'],
    ['account', s.account_id, '', ''],
    ['account_name', s.account_name, '', ''],
    ['month', s.month, '', ''],
    ['opening_balance', '', '', s.opening_balance],
    ...s.grants.map((l) => ['grant', l.item, l.count, l.credits]),
    ...s.charges.map((l) => ['charge', l.item, l.count, l.credits]),
    ...s.refunds.map((l) => ['refund', l.item, l.count, l.credits]),
    ['total_granted', '', '', s.totals.granted],
    ['total_charged', '', '', s.totals.charged],
    ['total_refunded', '', '', s.totals.refunded],
    ['retry_charges', '', '', s.retry_charges],
    ['closing_balance', '', '', s.closing_balance],
  ];
  return `${rows.map(csvLine).join('\r\n')}\r\n`;
}

const credits = (n: number) => n.toLocaleString('en-US');
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function linesTable(title: string, column: string, lines: StatementLine[], total: number, sign: string, empty: string): string {
  const body = lines.length
    ? lines
        .map(
          (l) => `<tr><td>${escapeHtml(l.item)}</td><td class="num">${l.count}</td><td class="num">${sign}${credits(l.credits)}</td></tr>`,
        )
        .join('')
    : `<tr><td colspan="3" class="muted">${escapeHtml(empty)}</td></tr>`;
  return `<h2>${escapeHtml(title)}</h2>
<table><thead><tr><th>${escapeHtml(column)}</th><th class="num">Count</th><th class="num">Credits</th></tr></thead>
<tbody>${body}<tr class="total"><td>Total</td><td></td><td class="num">${sign}${credits(total)}</td></tr></tbody></table>`;
}

/** The statement as a self-contained HTML page, printed to PDF by the platform's renderer (Chromium). */
export function statementHtml(s: MonthlyStatement, generatedAt: Date = new Date()): string {
  const summary = [
    ['Opening balance', credits(s.opening_balance)],
    ['Credits granted', `+${credits(s.totals.granted)}`],
    ['Credits charged', `−${credits(s.totals.charged)}`],
    ['Credits refunded', `+${credits(s.totals.refunded)}`],
    ['Closing balance', credits(s.closing_balance)],
  ];
  const body = `
<style>
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  tr.total td { font-weight: 700; border-top: 2px solid #4b2e83; }
  table.summary td { font-size: 11pt; padding: 5pt; }
  table.summary tr:last-child td { font-weight: 700; font-size: 12pt; border-top: 2px solid #4b2e83; }
</style>
<table class="summary"><tbody>${summary.map(([k, v]) => `<tr><td>${k}</td><td class="num">${v}</td></tr>`).join('')}</tbody></table>
${linesTable('Grants', 'Reason', s.grants, s.totals.granted, '+', 'No credits were granted this month.')}
${linesTable('Charges by operation', 'Operation', s.charges, s.totals.charged, '−', 'Nothing was charged this month.')}
${linesTable('Refunds by operation', 'Operation of the refunded charge', s.refunds, s.totals.refunded, '+', 'Nothing was refunded this month.')}
<p class="muted">${s.retry_charges > 0 ? `Charges include ${credits(s.retry_charges)} credits taken back when failed jobs were retried and ran again; the refund of their failure is listed under refunds. ` : ''}Folded from the account's event log (${s.events_read} events); the month runs from ${escapeHtml(s.period.from)} up to, not including, ${escapeHtml(s.period.to)} (UTC). Generated ${escapeHtml(generatedAt.toISOString())}.</p>`;
  return reportDocument({
    lang: 'en',
    title: `Credit statement — ${monthName(s.month)}`,
    subtitle: `${s.account_name || s.account_id} · ${s.account_id} · ${s.tier} tier`,
    branding: { ...DEFAULT_BRANDING, brand_name: 'Astrology Platform — Finance' },
    logoDataUrl: null,
    body,
    pageLabel: 'Page',
  });
}
