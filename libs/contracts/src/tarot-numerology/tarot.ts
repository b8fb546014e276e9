import { z } from 'zod';
import { TAROT_ALLOW_REVERSED, TAROT_SPREADS, TarotQuestion, TarotSeed } from '../shared/tarot-draw';
import tarotReadingExample from './examples/tarot-reading.json';

export { TAROT_SPREADS };

const Localized = z.object({ en: z.string(), th: z.string() });
const SUIT = z.enum(['wands', 'cups', 'swords', 'pentacles']);

export const TarotReadingRequest = z
  .object({
    spread: z
      .enum(TAROT_SPREADS)
      .describe('single (1), three_card past/present/future (3), celtic_cross (10), relationship (5), horseshoe (7)'),
    question: TarotQuestion.optional(),
    locale: z.enum(['en', 'th']).default('en').describe('language of `synthesis`; every meaning is given in en and th'),
    allow_reversed: TAROT_ALLOW_REVERSED,
    seed: TarotSeed.optional().describe(
      'makes the draw reproducible: the same seed, spread and allow_reversed give the same cards (HMAC-SHA256 stream, docs/tarot-numerology.md); omitted, the draw comes from the CSPRNG',
    ),
    include_svg: z
      .boolean()
      .default(false)
      .describe(
        "include the spread as an SVG figure in `svg`: the cards' faces laid out as the spread, reversed cards upside down, names in `locale`",
      ),
  })
  .strict()
  .meta({
    id: 'TarotReadingRequest',
    example: { spread: 'three_card', question: 'What should I focus on at work?', locale: 'en', allow_reversed: true, seed: 'example' },
  });
export type TarotReadingRequest = z.infer<typeof TarotReadingRequest>;

const CardFields = {
  id: z.string().describe('e.g. the-fool, ace-of-cups'),
  name: Localized,
  arcana: z.enum(['major', 'minor']),
  suit: SUIT.nullable(),
  number: z.number().int().describe('major 0–21; minor 1 (Ace) … 10, 11 Page, 12 Knight, 13 Queen, 14 King'),
  keywords: z.object({ en: z.array(z.string()), th: z.array(z.string()) }),
};

export const TarotCard = z.object({ ...CardFields, upright: Localized, reversed: Localized }).meta({ id: 'TarotCard' });
export type TarotCard = z.infer<typeof TarotCard>;

export const TarotDeck = z
  .object({ deck: z.literal('rider_waite_smith'), count: z.number().int(), cards: z.array(TarotCard) })
  .meta({ id: 'TarotDeck' });
export const TarotCardParams = z
  .object({ id: z.string().regex(/^[a-z-]{3,40}$/, 'must be a card id such as the-fool or ace-of-cups') })
  .strict();

const RANK = z.enum(['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'page', 'knight', 'queen', 'king']);

export const TarotPattern = z
  .object({
    major_arcana: z.number().int(),
    minor_arcana: z.number().int(),
    court_cards: z.number().int(),
    reversed: z.number().int(),
    suits: z.object({ wands: z.number().int(), cups: z.number().int(), swords: z.number().int(), pentacles: z.number().int() }),
    dominant_suit: SUIT.nullable().describe('the suit with more cards than any other, when it has at least two'),
    missing_suits: z.array(SUIT).describe('suits with no card, when at least four Minor Arcana cards lie on the table'),
    repeated_ranks: z
      .array(z.object({ rank: RANK, count: z.number().int(), mostly_reversed: z.boolean() }))
      .describe("a rank drawn two to four times (read by Waite's table of recurring cards, docs/tarot-numerology.md)"),
    number_phase: z
      .enum(['beginnings', 'development', 'culmination'])
      .nullable()
      .describe('when two or more numbered cards all fall in Ace–Three, Four–Six or Seven–Ten'),
  })
  .meta({ id: 'TarotPattern', description: 'the pattern of the spread the synthesis reads' });

export const TarotReading = z
  .object({
    spread: z.enum(TAROT_SPREADS),
    question: z.string().nullable(),
    locale: z.enum(['en', 'th']),
    allow_reversed: z.boolean(),
    seed: z.string().nullable(),
    cards: z.array(
      z.object({
        position: z.object({ id: z.string(), name: Localized, meaning: Localized }),
        card: z.object(CardFields),
        orientation: z.enum(['upright', 'reversed']),
        meaning: Localized.describe("the card's meaning in its orientation"),
        interpretation: Localized.describe('the position, the card and its orientation read together'),
      }),
    ),
    pattern: TarotPattern,
    synthesis: z.string().describe('the reading drawn together, in `locale`: the pattern of the spread, then the last position'),
    synthesis_localized: Localized,
    svg: z.string().optional().describe('the spread with the card faces, when include_svg'),
  })
  .meta({ id: 'TarotReading', example: tarotReadingExample });
export type TarotReading = z.infer<typeof TarotReading>;
