import { NumerologyCompatibility, NumerologyCompatibilityRequest, NumerologyProfile, NumerologyProfileRequest } from './numerology';
import { TarotCard, TarotCardParams, TarotDeck, TarotReading, TarotReadingRequest } from './tarot';
import { ok, routesWith } from '../shared/route-spec';

/** Routes of the `Tarot & Numerology` tag. */
export const tarotNumerologyRoutes = routesWith({ tag: 'Tarot & Numerology', method: 'POST', auth: 'api_key' })({
  tarotReading: {
    path: '/api/v3/tarot/readings',
    summary: 'A tarot reading: cards drawn for a spread, with meanings in en and th and a synthesis',
    description:
      'Full 78-card Rider–Waite–Smith deck; draws from the CSPRNG, or reproducible with `seed` (same seed, spread and allow_reversed, same cards; docs/tarot-numerology.md).',
    operation: 'tarot_reading',
    body: TarotReadingRequest,
    success: ok('the reading', TarotReading),
  },
  tarotCards: {
    method: 'GET',
    path: '/api/v3/tarot/cards',
    summary: 'The 78 cards with keywords and upright and reversed meanings (free)',
    success: ok('the deck', TarotDeck),
  },
  tarotCard: {
    method: 'GET',
    path: '/api/v3/tarot/cards/{id}',
    summary: 'One card with keywords and meanings (free)',
    params: TarotCardParams,
    success: ok('the card', TarotCard),
    errors: [404],
  },
  numerologyProfile: {
    path: '/api/v3/numerology/profile',
    summary: 'Pythagorean numerology profile with every reduction shown',
    description:
      "Life path, expression, soul urge, personality, birthday and maturity numbers, personal year/month/day, karmic debts and lessons; master numbers 11, 22, 33 kept (Decoz's method, docs/tarot-numerology.md); meanings in en and th.",
    operation: 'numerology_profile',
    body: NumerologyProfileRequest,
    success: ok('the profile', NumerologyProfile),
  },
  numerologyCompatibility: {
    path: '/api/v3/numerology/compatibility',
    summary: 'Life-path compatibility of two people, with reasons',
    operation: 'numerology_compatibility',
    body: NumerologyCompatibilityRequest,
    success: ok('both core numbers and the compatibility', NumerologyCompatibility),
  },
});
