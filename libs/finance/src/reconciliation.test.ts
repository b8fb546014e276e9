import type { StoredEvent } from '@astro/ledger';
import { formatReconciliation } from './format';
import { ReconciliationFold } from './reconciliation';

let position = 0;
function event(streamId: string, type: string, payload: Record<string, unknown>, at: string): StoredEvent {
  position++;
  return { position, streamId, streamVersion: position, type, payload, metadata: {}, recordedAt: new Date(at), recordedAtIso: at };
}

const A = 'acct_aaaaaaaaaaaaaaaaaaaaaaaa';
const JOB = 'job_bbbbbbbbbbbbbbbbbbbbbbbb';
/** What the report job was charged, and refunded when it failed. */
const REPORT_PRICE = 5;

describe('ReconciliationFold', () => {
  it('counts only the period in its totals, books a refund to its charge, and checks invariants over the whole history', async () => {
    const fold = new ReconciliationFold({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') });
    const events = [
      event(`account:${A}`, 'AccountOpened', { account_id: A }, '2026-10-01T00:00:00Z'),
      event(`account:${A}`, 'CreditsGranted', { amount: 100, reason: 'invoice' }, '2026-10-01T00:00:00Z'),
      event(
        `account:${A}`,
        'CreditsCharged',
        { amount: REPORT_PRICE, operation: 'report_natal', job_id: JOB, request_id: 'req_1' },
        '2026-10-31T23:59:59Z',
      ),
      event(`report_job:${JOB}`, 'ReportJobQueued', { job_id: JOB, account_id: A, kind: 'report_natal' }, '2026-10-31T23:59:59Z'),
      event(`report_job:${JOB}`, 'ReportJobFailed', { error_code: 'x' }, '2026-11-01T00:00:01Z'),
      event(`account:${A}`, 'CreditsRefunded', { amount: REPORT_PRICE, job_id: JOB, reason: 'job failed' }, '2026-11-01T00:00:02Z'),
      event(`account:${A}`, 'CreditsCharged', { amount: 1, operation: 'natal_chart', request_id: 'req_2' }, '2026-11-15T00:00:00Z'),
      event(`account:${A}`, 'CreditsCharged', { amount: 1, operation: 'natal_chart', request_id: 'req_3' }, '2026-12-01T00:00:00Z'),
    ];
    for (const e of events) fold.add(e);
    const report = fold.result([{ id: A, balance: 99, credits_granted: 100, credits_charged: 6, credits_refunded: 5 }]);
    expect(report.events_read).toBe(7);
    expect(report.operations).toEqual([
      { account_id: A, operation: 'natal_chart', granted: 0, charged: 1, refunded: 0, net: -1 },
      // Charged before the period, refunded in it.
      { account_id: A, operation: 'report_natal', granted: 0, charged: 0, refunded: REPORT_PRICE, net: REPORT_PRICE },
    ]);
    expect(report.jobs).toEqual([
      {
        job_id: JOB,
        account_id: A,
        kind: 'report_natal',
        operation: 'report_natal',
        charged: REPORT_PRICE,
        refunded: REPORT_PRICE,
        refunds: 1,
        attempts: 1,
        status: 'failed',
      },
    ]);
    expect(report.ok).toBe(true);
    expect(await formatReconciliation(report, 'table')).toContain('ALL INVARIANTS HOLD');
  });

  it('quotes CSV fields that hold commas or quotes', async () => {
    const fold = new ReconciliationFold({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') });
    fold.add(event(`account:${A}`, 'AccountOpened', { account_id: A }, '2026-11-01T00:00:00Z'));
    fold.add(event(`account:${A}`, 'CreditsRefunded', { amount: 2, reason: 'x' }, '2026-11-02T00:00:00Z'));
    const csv = await formatReconciliation(fold.result(null, 'a note, with "quotes"'), 'csv');
    expect(csv).toContain('"not checked: a note, with ""quotes"""');
    expect(csv).toContain('violation,acct_aaaaaaaaaaaaaaaaaaaaaaaa,');
  });
});
