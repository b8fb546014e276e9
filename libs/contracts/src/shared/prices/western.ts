// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** GET /v1/planets (western/routes.ts, planetRoutes). */
export const planetPrices = {
  planets: { credits: 1, endpoint: 'GET /v1/planets', description: 'Geocentric positions of Sun to Pluto, true node and Chiron' },
} as const;

/** The Western chart routes (western/routes.ts, westernChartRoutes). */
export const westernChartPrices = {
  natal_chart: {
    credits: 2,
    endpoint: 'POST /v1/natal-chart',
    description: 'Natal chart with houses, aspects and balance; the interpretation is included at no extra cost',
  },
  composite_chart: {
    credits: 3,
    endpoint: 'POST /api/v3/western/composite-chart',
    description: 'Midpoint composite chart, cross aspects and 30 days of transits to it',
  },
  western_synastry: {
    credits: 3,
    endpoint: 'POST /api/v3/western/synastry',
    description: 'Synastry: both charts, inter-aspects, overlays, balance, compatibility score and snippets',
  },
  western_transits: {
    credits: 4,
    endpoint: 'POST /api/v3/western/transits',
    description: 'Exact transits, orb entry and exit, stations and ingresses for up to 366 days',
  },
  western_progressions: {
    credits: 3,
    endpoint: 'POST /api/v3/western/progressions',
    description: 'Secondary progressions, solar arc directions and the progressed Moon',
  },
  western_returns: {
    credits: 3,
    endpoint: 'POST /api/v3/western/returns',
    description: 'Solar or lunar return instants and charts, relocatable',
  },
} as const;
