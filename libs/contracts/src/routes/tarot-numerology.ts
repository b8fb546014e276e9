import { NumerologyCompatibility, NumerologyCompatibilityRequest, NumerologyProfile, NumerologyProfileRequest } from '../numerology';
import { TarotCard, TarotCardParams, TarotDeck, TarotReading, TarotReadingRequest } from '../tarot';
import { AUTH_ERRORS, CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Tarot & Numerology` tag. */
export const tarotNumerologyRoutes = {
  tarotReading: {
    operationId: 'tarotReading',
    method: 'POST',
    path: '/api/v3/tarot/readings',
    tag: 'Tarot & Numerology',
    summary: 'A tarot reading: cards drawn for a spread, with meanings in en and th and a synthesis',
    description:
      'Full 78-card Rider–Waite–Smith deck; draws from the CSPRNG, or reproducible with `seed` (same seed, spread and allow_reversed, same cards; docs/tarot-numerology.md).',
    auth: 'api_key',
    operation: 'tarot_reading',
    body: TarotReadingRequest,
    success: { status: 200, description: 'the reading', schema: TarotReading },
    errors: CHARGED_ERRORS,
  },
  tarotCards: {
    operationId: 'tarotCards',
    method: 'GET',
    path: '/api/v3/tarot/cards',
    tag: 'Tarot & Numerology',
    summary: 'The 78 cards with keywords and upright and reversed meanings (free)',
    auth: 'api_key',
    success: { status: 200, description: 'the deck', schema: TarotDeck },
    errors: AUTH_ERRORS,
  },
  tarotCard: {
    operationId: 'tarotCard',
    method: 'GET',
    path: '/api/v3/tarot/cards/{id}',
    tag: 'Tarot & Numerology',
    summary: 'One card with keywords and meanings (free)',
    auth: 'api_key',
    params: TarotCardParams,
    success: { status: 200, description: 'the card', schema: TarotCard },
    errors: [400, 404, ...AUTH_ERRORS],
  },
  numerologyProfile: {
    operationId: 'numerologyProfile',
    method: 'POST',
    path: '/api/v3/numerology/profile',
    tag: 'Tarot & Numerology',
    summary: 'Pythagorean numerology profile with every reduction shown',
    description:
      "Life path, expression, soul urge, personality, birthday and maturity numbers, personal year/month/day, karmic debts and lessons; master numbers 11, 22, 33 kept (Decoz's method, docs/tarot-numerology.md); meanings in en and th.",
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
