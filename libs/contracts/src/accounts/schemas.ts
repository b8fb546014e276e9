import { z } from 'zod';
import { isKnownTimeZone } from '@astro/ephemeris';
import { TIERS } from '../shared/tiers';
import { KEY_MODES, Livemode } from '../shared/livemode';
import { CalendarDate } from '../shared/calendar-date';

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

/** The longest period one usage summary covers: a year and a day (a leap year's whole year with room). */
export const USAGE_MAX_DAYS = 366;

export const AccountUsageQuery = z
  .object({
    from: CalendarDate.optional().describe('first day of the period (default: 29 days before `to`)'),
    to: CalendarDate.optional().describe('last day of the period, included (default: today in `time_zone`)'),
    time_zone: z
      .string()
      .max(64)
      .refine(isKnownTimeZone, { message: 'unknown time zone: use an IANA name such as Asia/Bangkok or UTC' })
      .default('UTC')
      .describe('IANA time zone whose calendar days the usage is counted in (default UTC)'),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < USAGE_MAX_DAYS, {
    path: ['to'],
    message: `must be at most ${USAGE_MAX_DAYS} days after from, counting both`,
  });

const usageCounts = {
  calls: z.number().int().describe('charges recorded (a job counts once, when it was queued)'),
  credits_charged: z.number().int(),
  credits_refunded: z.number().int().describe('refunds of failed jobs, counted on the day of the refund'),
  credits_used: z.number().int().describe('credits_charged − credits_refunded'),
};

export const UsageOperation = z.object({ operation: z.string().describe('the priced operation (GET /v1/pricing)'), ...usageCounts });

export const AccountUsageResponse = z
  .object({
    account_id: z.string(),
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    totals: z.object(usageCounts),
    days: z
      .array(z.object({ date: z.string(), ...usageCounts, operations: z.array(UsageOperation) }))
      .describe('every day of the period, oldest first, days without usage included (zeros)'),
  })
  .meta({ id: 'AccountUsage' });
export type AccountUsageResponse = z.infer<typeof AccountUsageResponse>;

const instant = z.string().describe('ISO 8601 instant (UTC)');

export const ApiKeyView = z
  .object({
    id: z.string().describe('key id (key_ + 24 hex); the key itself is shown only once, when created or rotated'),
    livemode: Livemode,
    label: z.string(),
    key_prefix: z.string().describe('the first characters of the key, to recognise it'),
    status: z.enum(['active', 'rotating', 'expired', 'revoked']).describe('rotating: replaced, still valid until expires_at'),
    created_at: instant,
    last_used_at: instant.nullable().describe('last request authenticated with the key (recorded within API_KEY_USAGE_FLUSH_MS)'),
    expires_at: instant.nullable().describe('end of the grace period of a rotated key; null for a key that was not rotated'),
    revoked_at: instant.nullable(),
    replaced_by: z.string().nullable().describe('id of the key that replaced this one by rotation'),
    usage: z
      .object({
        requests: z.number().int().describe('requests the key authenticated'),
        charges: z.number().int().describe('charges made with the key'),
        credits_charged: z.number().int(),
        credits_refunded: z.number().int().describe('refunds of the jobs the key paid for'),
      })
      .describe("the key's own usage: a test key's requests are counted here, apart from the live keys', and it is never charged"),
  })
  .meta({
    id: 'ApiKey',
    example: {
      id: 'key_5b0e7c1d2a3f4e5d6c7b8a90',
      livemode: true,
      label: 'production server',
      key_prefix: 'ak_live_Qx3v9T',
      status: 'active',
      created_at: '2026-11-02T09:14:03.512881Z',
      last_used_at: '2026-11-02T09:20:41.004000Z',
      expires_at: null,
      revoked_at: null,
      replaced_by: null,
      usage: { requests: 42, charges: 12, credits_charged: 74, credits_refunded: 30 },
    },
  });
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeyListQuery = z
  .object({
    include_inactive: z
      .enum(['true', 'false'])
      .default('false')
      .describe('also list revoked keys and rotated keys past their grace period'),
  })
  .strict();

export const ApiKeyList = z.object({ keys: z.array(ApiKeyView) }).meta({ id: 'ApiKeyList' });

export const CreateApiKeyRequest = z
  .object({
    label: z.string().trim().min(1, 'must not be empty').max(100).describe('what the key is for, e.g. "production server"'),
    mode: z
      .enum(KEY_MODES)
      .default('live')
      .describe(
        'live (ak_live_…, the default) or test (ak_test_…: answered like live, charged nothing, its objects apart; docs/integration.md)',
      ),
  })
  .strict()
  .meta({ id: 'CreateApiKeyRequest', example: { label: 'production server' } });

export const ApiKeyParams = z.object({ id: z.string().regex(/^key_[a-f0-9]{24}$/, 'must match ^key_[a-f0-9]{24}$') }).strict();

export const IssuedApiKeyResponse = z
  .object({
    key: z.string().describe('the API key (ak_live_… or ak_test_…): shown only in this answer, stored only as a hash'),
    api_key: ApiKeyView,
  })
  .meta({ id: 'IssuedApiKey' });

export const RotatedApiKeyResponse = z
  .object({
    key: z.string().describe('the new API key (ak_live_…): shown only in this answer'),
    api_key: ApiKeyView,
    previous: ApiKeyView,
    grace_period_seconds: z
      .number()
      .int()
      .describe('the rotated key (`previous`) stays valid this long, until its expires_at, then is refused'),
  })
  .meta({ id: 'RotatedApiKey' });
