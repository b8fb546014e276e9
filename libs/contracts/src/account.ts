import { z } from 'zod';
import { TIERS } from './tiers';

export const SessionRequest = z
  .object({
    email: z.email({ message: 'must be an e-mail address' }).max(254),
    password: z.string().min(1, 'is required').max(1024),
  })
  .strict();

export const SessionResponse = z
  .object({
    token: z.string().describe('bearer token for the session-authenticated (Customer) endpoints'),
    expires_at: z.string().describe('ISO 8601 instant after which the token answers 401'),
  })
  .meta({ id: 'Session' });

export const AccountResponse = z
  .object({
    account_id: z.string(),
    name: z.string(),
    tier: z.enum(TIERS),
    credits_balance: z.number().int(),
    credits_granted: z.number().int(),
    credits_charged: z.number().int(),
    credits_refunded: z.number().int(),
    unlimited_credits: z.boolean(),
  })
  .meta({ id: 'Account' });

export const LedgerQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    before: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('return entries older than this stream version (cursor)'),
  })
  .strict();

export const LedgerEntry = z.object({
  version: z.number().int(),
  position: z.number().int(),
  type: z.string(),
  amount: z.number().int().nullable(),
  operation: z.string().nullable(),
  job_id: z.string().nullable(),
  request_id: z.string().nullable(),
  reason: z.string().nullable(),
  recorded_at: z.string(),
});

export const LedgerResponse = z
  .object({
    account_id: z.string(),
    entries: z.array(LedgerEntry),
    next_before: z.number().int().nullable().describe('pass as `before` for the next page; null at the end'),
  })
  .meta({ id: 'Ledger' });
