import { z } from 'zod';
import { chinesePrices, sajuPrices } from './prices/chinese-korean';
import { CI_UNIT_PRICES } from './prices/cultural-intelligence';
import { horoscopePrices } from './prices/horoscopes';
import { jobPrices, reportPrices, thaiQimenReportPrices, vedicReportPrices } from './prices/reports';
import { numerologyPrices, tarotPrices } from './prices/tarot-numerology';
import { thaiPrices } from './prices/thai';
import { uranianPrices } from './prices/uranian';
import { vedicEverydayPrices, vedicPrices } from './prices/vedic';
import { visualReadingPrices } from './prices/visual-readings';
import { planetPrices, westernChartPrices } from './prices/western';

export { CI_UNIT_PRICES };

/**
 * The price of every chargeable operation, in credits. Each area states its prices in a table of its own
 * (`prices/<area>.ts`); this is the one table they make: the API charges from it, GET /v1/pricing serves
 * it in this order and the README reproduces it.
 */
export const PRICES = {
  ...planetPrices,
  ...jobPrices,
  ...westernChartPrices,
  ...reportPrices,
  ...sajuPrices,
  ...vedicPrices,
  ...visualReadingPrices,
  ...chinesePrices,
  ...thaiPrices,
  ...numerologyPrices,
  ...uranianPrices,
  ...tarotPrices,
  ...horoscopePrices,
  ...vedicEverydayPrices,
  ...vedicReportPrices,
  ...thaiQimenReportPrices,
} as const satisfies Record<string, { credits: number; endpoint: string; description: string }>;

export type PricedOperation = keyof typeof PRICES;

export type CiFamily = keyof typeof CI_UNIT_PRICES;

export function priceOf(operation: PricedOperation): number {
  return PRICES[operation].credits;
}

export const PricingResponse = z
  .object({
    unit: z.literal('credit'),
    operations: z.array(z.object({ operation: z.string(), credits: z.number().int(), endpoint: z.string(), description: z.string() })),
    cultural_intelligence: z
      .object({
        unit: z.literal('unit'),
        families: z.array(z.object({ family: z.string(), units: z.number().int(), per: z.string(), endpoint: z.string() })),
      })
      .describe("Cultural Intelligence is metered in units against each org's monthly quota, not in credits"),
  })
  .meta({ id: 'Pricing' });
export type PricingResponse = z.infer<typeof PricingResponse>;

export function pricingDocument(): PricingResponse {
  return {
    unit: 'credit',
    operations: Object.entries(PRICES).map(([operation, p]) => ({ operation, ...p })),
    cultural_intelligence: { unit: 'unit', families: Object.entries(CI_UNIT_PRICES).map(([family, p]) => ({ family, ...p })) },
  };
}
