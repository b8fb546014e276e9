import { PlanetsQuery, PlanetsResponse } from '../planets';
import { CompositeChartRequest, CompositeChartResponse, NatalChartRequest, NatalChartResponse } from '../western';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Western` tag. */
export const planetRoutes = {
  planets: {
    operationId: 'getPlanets',
    method: 'GET',
    path: '/v1/planets',
    tag: 'Western',
    summary: 'Geocentric positions of Sun to Pluto, the true node and Chiron at a UTC moment',
    description: 'Swiss Ephemeris (files for 1800–2399). Also the authentication smoke test of the spec.',
    auth: 'api_key',
    minTier: 'free',
    operation: 'planets',
    query: PlanetsQuery,
    success: { status: 200, description: 'positions', schema: PlanetsResponse },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;

/** Routes of the `Western` tag. */
export const westernChartRoutes = {
  natalChart: {
    operationId: 'createNatalChart',
    method: 'POST',
    path: '/v1/natal-chart',
    tag: 'Western',
    summary: 'Natal chart: planets in signs and houses, cusps, angles, aspects, balance, optional interpretation',
    description:
      'Tropical zodiac, Swiss Ephemeris. Placidus and Koch are undefined inside the polar circles: there the chart uses Porphyry and says so in `warnings`. Aspect orbs: conjunction and opposition 8°, square and trine 7°, sextile 5°, quincunx 3°, semi-sextile 2°. With `interpret: true` the response carries a written reading in `language` (en, th) shaped by tone, audience and safety_mode.',
    auth: 'api_key',
    operation: 'natal_chart',
    body: NatalChartRequest,
    success: { status: 200, description: 'the chart', schema: NatalChartResponse },
    errors: CHARGED_ERRORS,
  },
  compositeChart: {
    operationId: 'createCompositeChart',
    method: 'POST',
    path: '/api/v3/western/composite-chart',
    tag: 'Western',
    summary: 'Midpoint composite chart of two people, their cross aspects and the next 30 days of transits to it',
    auth: 'api_key',
    operation: 'composite_chart',
    body: CompositeChartRequest,
    success: { status: 200, description: 'the composite chart', schema: CompositeChartResponse },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
