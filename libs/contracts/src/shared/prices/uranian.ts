// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** The Uranian routes (uranian/routes.ts). */
export const uranianPrices = {
  uranian_chart: {
    credits: 2,
    endpoint: 'POST /api/v3/uranian/chart',
    description: 'Hamburg School chart: 90° dial, midpoint sort and trees, planetary pictures with meanings',
  },
  uranian_dial: {
    credits: 1,
    endpoint: 'POST /api/v3/uranian/dial',
    description: 'The 90° Uranian dial as SVG with the factors and a pointer',
  },
} as const;
