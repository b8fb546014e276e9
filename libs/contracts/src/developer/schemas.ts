import { z } from 'zod';
import { PRICES, PricedOperation } from '../shared/pricing';
import { TIERS } from '../shared/tiers';

const OPERATIONS = Object.keys(PRICES) as [PricedOperation, ...PricedOperation[]];
const operation = z.enum(OPERATIONS).describe('a priced operation of GET /v1/pricing');

const jsonObject = z.record(z.string(), z.unknown());

export const PreflightRequest = z
  .object({
    operations: z
      .array(
        z
          .object({
            operation,
            operation_id: z
              .string()
              .max(100)
              .optional()
              .describe(
                'the route when an operation has several (thai_lunar_date: thaiLunarDate or thaiCivilDate); default the route of the price table',
              ),
            count: z.number().int().min(1).max(100_000).default(1).describe('how many calls the workload makes'),
            body: jsonObject
              .optional()
              .describe('a request body to validate exactly as the endpoint would (nothing computed, nothing charged)'),
            query: z.record(z.string(), z.string()).optional().describe('query parameters of a GET operation, to validate'),
            path: z
              .record(z.string(), z.string())
              .optional()
              .describe('path parameters of the route, e.g. {"sign": "aries", "period": "daily"}'),
          })
          .strict(),
      )
      .min(1)
      .max(50),
  })
  .strict()
  .meta({
    id: 'PreflightRequest',
    example: {
      operations: [
        {
          operation: 'natal_chart',
          count: 10,
          body: { birth_datetime: '1990-05-15T14:30:00+07:00', latitude: 13.7563, longitude: 100.5018 },
        },
        { operation: 'report_solar_return', body: { birth_subject: { date: '1990-05-15', time: '14:30' } } },
      ],
    },
  });

const ValidationResult = z
  .object({
    valid: z.boolean(),
    status: z.number().int().nullable().describe('the status the endpoint would answer to this input: null when valid, else 400'),
    error: z.string().nullable(),
    message: z.string().nullable().describe('the error message the endpoint would answer, word for word'),
  })
  .describe('null when no body, query or path was given');

export const PreflightResponse = z
  .object({
    tier: z.enum(TIERS),
    credits_balance: z.number().int(),
    total_credits: z.number().int().describe('price × count over the list'),
    balance_covers: z.boolean().describe('whether the balance covers the whole list'),
    balance_after: z.number().int().describe('balance minus total_credits (negative when it does not cover)'),
    all_entitled: z.boolean(),
    all_valid: z.boolean().describe('every given input is valid (true when none was given)'),
    rate_limit: z.object({
      limit: z.number().int().describe('requests per window of this tier'),
      remaining: z.number().int().describe('requests left in the current window, after this preflight'),
      reset_seconds: z.number().int(),
      window_seconds: z.number().int(),
    }),
    operations: z.array(
      z.object({
        operation: z.string(),
        operation_id: z.string(),
        endpoint: z.string().describe('method and path'),
        count: z.number().int(),
        credits_each: z.number().int(),
        credits: z.number().int(),
        min_tier: z.enum(TIERS),
        entitled: z.boolean().describe("whether this key's tier may call the endpoint (else it answers 403)"),
        validation: ValidationResult.nullable(),
      }),
    ),
  })
  .meta({
    id: 'Preflight',
    example: {
      tier: 'free',
      credits_balance: 25,
      total_credits: 50,
      balance_covers: false,
      balance_after: -25,
      all_entitled: false,
      all_valid: false,
      rate_limit: { limit: 60, remaining: 59, reset_seconds: 41, window_seconds: 60 },
      operations: [
        {
          operation: 'natal_chart',
          operation_id: 'createNatalChart',
          endpoint: 'POST /v1/natal-chart',
          count: 10,
          credits_each: 2,
          credits: 20,
          min_tier: 'free',
          entitled: true,
          validation: { valid: true, status: null, error: null, message: null },
        },
        {
          operation: 'report_solar_return',
          operation_id: 'queueSolarReturnPdf',
          endpoint: 'POST /api/v3/reports/solar-return/pdf',
          count: 1,
          credits_each: 30,
          credits: 30,
          min_tier: 'pro',
          entitled: false,
          validation: {
            valid: false,
            status: 400,
            error: 'bad_request',
            message:
              'invalid body: birth_subject.latitude: is required unless place or place_id is given; birth_subject.longitude: is required unless place or place_id is given; birth_subject.timezoneOffsetMinutes: is required unless timezone (an IANA name) is given; target_year: is required; name: is required',
          },
        },
      ],
    },
  });
export type PreflightResponse = z.infer<typeof PreflightResponse>;

export const CreditEstimateRequest = z
  .object({
    workload: z
      .array(z.object({ operation, count: z.number().int().min(1).max(10_000_000) }).strict())
      .min(1)
      .max(100),
  })
  .strict()
  .meta({
    id: 'CreditEstimateRequest',
    example: {
      workload: [
        { operation: 'natal_chart', count: 1000 },
        { operation: 'report_solar_return', count: 20 },
      ],
    },
  });

export const CreditEstimateResponse = z
  .object({
    tier: z.enum(TIERS),
    credits_balance: z.number().int(),
    lines: z.array(
      z.object({
        operation: z.string(),
        count: z.number().int(),
        credits_each: z.number().int(),
        credits: z.number().int(),
        min_tier: z.enum(TIERS),
      }),
    ),
    total_credits: z.number().int(),
    balance_after: z.number().int().describe('negative when the balance does not cover the workload'),
    balance_covers: z.boolean(),
    credits_short: z.number().int().describe('credits to buy before the workload can run (0 when covered)'),
    tier_needed: z.enum(TIERS).describe('the lowest tier entitled to every operation of the workload'),
    tier_sufficient: z.boolean().describe("whether the key's tier is at least tier_needed"),
  })
  .meta({
    id: 'CreditEstimate',
    example: {
      tier: 'free',
      credits_balance: 1500,
      lines: [
        { operation: 'natal_chart', count: 1000, credits_each: 2, credits: 2000, min_tier: 'free' },
        { operation: 'report_solar_return', count: 20, credits_each: 30, credits: 600, min_tier: 'pro' },
      ],
      total_credits: 2600,
      balance_after: -1100,
      balance_covers: false,
      credits_short: 1100,
      tier_needed: 'pro',
      tier_sufficient: false,
    },
  });
export type CreditEstimateResponse = z.infer<typeof CreditEstimateResponse>;
