import { z } from 'zod';
import { UranianChart, UranianChartRequest, UranianDialRequest } from '../uranian';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Uranian` tag. */
export const uranianRoutes = {
  uranianChart: {
    operationId: 'uranianChart',
    method: 'POST',
    path: '/api/v3/uranian/chart',
    tag: 'Uranian',
    summary: 'Hamburg School chart: 90° dial, midpoint sort, midpoint trees and planetary pictures',
    description:
      'The eight transneptunian points (Swiss Ephemeris fictitious bodies, checked against swetest), the planets, Aries point, MC, Ascendant and mean node on the 90° dial; pictures A + B − C = D within the orb with meanings in en and th (docs/uranian.md).',
    auth: 'api_key',
    operation: 'uranian_chart',
    body: UranianChartRequest,
    success: { status: 200, description: 'the chart', schema: UranianChart },
    errors: CHARGED_ERRORS,
  },
  uranianDial: {
    operationId: 'uranianDial',
    method: 'POST',
    path: '/api/v3/uranian/dial',
    tag: 'Uranian',
    summary: 'The 90° dial as SVG with the factors placed and an optional pointer',
    auth: 'api_key',
    operation: 'uranian_dial',
    body: UranianDialRequest,
    success: { status: 200, description: 'the dial', schema: z.string(), contentType: 'image/svg+xml' },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
