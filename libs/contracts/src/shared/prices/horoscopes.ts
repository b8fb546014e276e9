// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** The horoscope routes (horoscopes/routes.ts). */
export const horoscopePrices = {
  horoscope_published: {
    credits: 1,
    endpoint: 'GET /api/v3/horoscopes/{sign}/{period}',
    description: 'Published horoscope of a sign for a day, week, month or year',
  },
  horoscope_range: {
    credits: 3,
    endpoint: 'GET /api/v3/horoscopes/{sign}',
    description: 'Published daily horoscopes of a sign for a range of up to 31 days',
  },
  horoscope_personal: {
    credits: 2,
    endpoint: 'POST /api/v3/horoscopes/personal',
    description: 'Personal horoscope from the natal chart for a day, week, month or year',
  },
} as const;
