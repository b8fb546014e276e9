import { z } from 'zod';
import { UranianChart, UranianChartRequest, UranianDialRequest } from './schemas';
import { CalculationSpec } from '../shared/calculation';
import { ok, routesWith } from '../shared/route-spec';

/** Routes of the `Uranian` tag. */
export const uranianRoutes = routesWith({ tag: 'Uranian', method: 'POST', auth: 'api_key' })({
  uranianChart: {
    calculation: { zodiac: 'tropical', ephemeris: true, houses: { system: 'P' }, nodes: 'mean' } satisfies CalculationSpec,
    path: '/api/v3/uranian/chart',
    summary: 'Hamburg School chart: 90° dial, midpoint sort, midpoint trees and planetary pictures',
    description:
      'The eight transneptunian points (Swiss Ephemeris fictitious bodies, checked against swetest), the planets, Aries point, MC, Ascendant and mean node on the 90° dial; pictures A + B − C = D within the orb with meanings in en and th (docs/uranian.md).',
    operation: 'uranian_chart',
    body: UranianChartRequest,
    success: ok('the chart', UranianChart),
  },
  uranianDial: {
    path: '/api/v3/uranian/dial',
    summary: 'The 90° dial as SVG with the factors placed and an optional pointer',
    operation: 'uranian_dial',
    body: UranianDialRequest,
    success: { status: 200, description: 'the dial', schema: z.string(), contentType: 'image/svg+xml' },
  },
});
