import { SajuReport, SajuRequest } from '../saju';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Chinese & Korean` tag. */
export const chineseKoreanRoutes = {
  koreanSaju: {
    operationId: 'koreanSaju',
    method: 'POST',
    path: '/api/v3/korean/saju',
    tag: 'Chinese & Korean',
    summary: 'Korean Saju chart: four pillars, hidden stems, ten gods, elements, interactions, major and annual luck, reading',
    description:
      'Year from Ipchun and months from the jeol terms (Swiss Ephemeris instants, compared in UTC), day from the sexagenary day count, hour from the local clock time. Conventions: docs/saju.md.',
    auth: 'api_key',
    operation: 'korean_saju',
    body: SajuRequest,
    success: { status: 200, description: 'the Saju chart', schema: SajuReport },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
