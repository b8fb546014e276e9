// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** The numerology routes (tarot-numerology/routes.ts). */
export const numerologyPrices = {
  numerology_profile: {
    credits: 1,
    endpoint: 'POST /api/v3/numerology/profile',
    description: 'Pythagorean numerology profile with reductions, karmic debts and lessons, en and th',
  },
  numerology_compatibility: {
    credits: 1,
    endpoint: 'POST /api/v3/numerology/compatibility',
    description: 'Life-path compatibility of two people with reasons, en and th',
  },
} as const;

/** The tarot reading route (tarot-numerology/routes.ts). */
export const tarotPrices = {
  tarot_reading: {
    credits: 1,
    endpoint: 'POST /api/v3/tarot/readings',
    description: 'Tarot reading of a spread (1 to 10 cards) with meanings in en and th and a synthesis',
  },
} as const;
