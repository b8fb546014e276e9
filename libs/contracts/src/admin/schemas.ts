import { z } from 'zod';
import { DateOrInstant } from '../shared/calendar-date';

const day = DateOrInstant;

export const ReconciliationQuery = z
  .object({
    from: day.describe('start of the period, inclusive'),
    to: day.describe('end of the period, exclusive'),
    account_id: z.string().min(1).max(64).optional().describe('only this account'),
  })
  .meta({ id: 'ReconciliationQuery' });

const Violation = z.object({
  account_id: z.string(),
  job_id: z.string().optional(),
  position: z.number().int().optional().describe('position of the event in the log'),
  detail: z.string(),
});

export const ReconciliationReport = z
  .object({
    period: z.object({ from: z.string(), to: z.string(), account_id: z.string().nullable() }),
    events_read: z.number().int(),
    totals: z.object({ granted: z.number(), charged: z.number(), refunded: z.number(), net: z.number() }),
    operations: z.array(
      z.object({
        account_id: z.string(),
        operation: z.string(),
        granted: z.number(),
        charged: z.number(),
        refunded: z.number(),
        net: z.number(),
      }),
    ),
    jobs: z.array(
      z.object({
        job_id: z.string(),
        account_id: z.string(),
        kind: z.string(),
        operation: z.string(),
        charged: z.number(),
        refunded: z.number(),
        refunds: z.number().int(),
        attempts: z.number().int().describe('1, plus one for each operator retry (jobs:retry); charged and refunded add up every attempt'),
        status: z.enum(['queued', 'running', 'succeeded', 'failed', 'unknown']),
      }),
    ),
    invariants: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        ok: z.boolean(),
        checked: z.boolean(),
        note: z.string().optional(),
        violations: z.array(Violation),
      }),
    ),
    ok: z.boolean().describe('false when any invariant has a violation'),
  })
  .meta({
    id: 'ReconciliationReport',
    example: {
      period: { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', account_id: null },
      events_read: 5,
      totals: { granted: 100, charged: 6, refunded: 5, net: 99 },
      operations: [
        { account_id: 'acct_0123456789abcdef01234567', operation: 'grant', granted: 100, charged: 0, refunded: 0, net: 100 },
        { account_id: 'acct_0123456789abcdef01234567', operation: 'report_natal', granted: 0, charged: 5, refunded: 5, net: 0 },
        { account_id: 'acct_0123456789abcdef01234567', operation: 'natal_chart', granted: 0, charged: 1, refunded: 0, net: -1 },
      ],
      jobs: [
        {
          job_id: 'job_0123456789abcdef01234567',
          account_id: 'acct_0123456789abcdef01234567',
          kind: 'report_natal',
          operation: 'report_natal',
          charged: 5,
          refunded: 5,
          refunds: 1,
          attempts: 1,
          status: 'failed',
        },
      ],
      invariants: [
        {
          name: 'failed_job_refunded_once',
          description: 'every failed or cancelled job was refunded exactly its charge, once',
          ok: true,
          checked: true,
          violations: [],
        },
      ],
      ok: true,
    },
  });
