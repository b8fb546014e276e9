import { NumerologyCompatibility, NumerologyCompatibilityRequest, NumerologyProfile, NumerologyProfileRequest } from '../numerology';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Tarot & Numerology` tag. */
export const tarotNumerologyRoutes = {
  numerologyProfile: {
    operationId: 'numerologyProfile',
    method: 'POST',
    path: '/api/v3/numerology/profile',
    tag: 'Tarot & Numerology',
    summary: 'Pythagorean numerology profile with every reduction shown',
    description:
      'Life path, expression, soul urge, personality, birthday and maturity numbers, personal year/month/day, karmic debts and lessons; master numbers 11, 22, 33 kept (Decoz\'s method, docs/tarot-numerology.md); meanings in en and th.',
    auth: 'api_key',
    operation: 'numerology_profile',
    body: NumerologyProfileRequest,
    success: { status: 200, description: 'the profile', schema: NumerologyProfile },
    errors: CHARGED_ERRORS,
  },
  numerologyCompatibility: {
    operationId: 'numerologyCompatibility',
    method: 'POST',
    path: '/api/v3/numerology/compatibility',
    tag: 'Tarot & Numerology',
    summary: 'Life-path compatibility of two people, with reasons',
    auth: 'api_key',
    operation: 'numerology_compatibility',
    body: NumerologyCompatibilityRequest,
    success: { status: 200, description: 'both core numbers and the compatibility', schema: NumerologyCompatibility },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
