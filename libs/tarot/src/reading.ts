import spreads from '../content/spreads.json';
import { cardById, DECK, Localized, TarotCard, TarotLocale } from './deck';
import { cryptoSource, drawIndexes, seededSource } from './draw';
import { positionReading } from './interpretation';
import { SpreadPattern, spreadPattern } from './pattern';
import { synthesis } from './synthesis';

export const SPREADS = ['single', 'three_card', 'celtic_cross', 'relationship', 'horseshoe'] as const;
export type Spread = (typeof SPREADS)[number];

export interface SpreadPosition {
  id: string;
  name: Localized;
  meaning: Localized;
}

export interface DrawnCard {
  position: SpreadPosition;
  card: Omit<TarotCard, 'upright' | 'reversed'>;
  orientation: 'upright' | 'reversed';
  /** the card's meaning in its orientation */
  meaning: Localized;
  /** the position, the card and its orientation read together */
  interpretation: Localized;
}

export interface TarotReading {
  spread: Spread;
  question: string | null;
  locale: TarotLocale;
  allow_reversed: boolean;
  seed: string | null;
  cards: DrawnCard[];
  pattern: SpreadPattern;
  synthesis: string;
  synthesis_localized: Localized;
}

export interface ReadingInput {
  spread: Spread;
  question?: string;
  locale: TarotLocale;
  allowReversed: boolean;
  seed?: string;
}

type PositionEntry = { id: string; en: string[]; th: string[] };

export function spreadPositions(spread: Spread): SpreadPosition[] {
  return (spreads[spread] as PositionEntry[]).map((p) => ({
    id: p.id,
    name: { en: p.en[0], th: p.th[0] },
    meaning: { en: p.en[1], th: p.th[1] },
  }));
}

/** A card as it fell: its id and whether it lies upright or reversed. */
export interface CardPick {
  id: string;
  orientation: 'upright' | 'reversed';
}

/**
 * The reading of cards already laid out: each position read with its card, then the pattern of the
 * spread and the synthesis. `picks` fill the spread's positions in order.
 */
export function readingOfCards(input: ReadingInput, picks: readonly CardPick[]): TarotReading {
  const positions = spreadPositions(input.spread);
  if (picks.length !== positions.length) throw new Error(`a ${input.spread} spread has ${positions.length} positions, not ${picks.length}`);
  const cards: DrawnCard[] = picks.map(({ id, orientation }, i) => {
    const found = cardById(id);
    if (!found) throw new Error(`no tarot card ${id}`);
    const { upright, reversed, ...card } = found;
    const meaning = orientation === 'upright' ? upright : reversed;
    const interpretation = positionReading(input.spread, positions[i].id, card, orientation, meaning, i);
    return { position: positions[i], card, orientation, meaning, interpretation };
  });
  const pattern = spreadPattern(cards);
  const write = (locale: TarotLocale) =>
    synthesis(cards, pattern, { question: input.question, allowReversed: input.allowReversed, locale });
  const localized = { en: write('en'), th: write('th') };
  return {
    spread: input.spread,
    question: input.question ?? null,
    locale: input.locale,
    allow_reversed: input.allowReversed,
    seed: input.seed ?? null,
    cards,
    pattern,
    synthesis: localized[input.locale],
    synthesis_localized: localized,
  };
}

/**
 * A reading: the spread's positions filled by cards drawn without replacement from the 78-card
 * deck, each upright or (when allowed) reversed with even odds, then read (readingOfCards). Without
 * a seed the draw comes from the CSPRNG; with a seed it is reproducible: the same seed, spread and
 * allow_reversed give the same cards in the same orientations (docs/tarot-numerology.md).
 */
export function tarotReading(input: ReadingInput): TarotReading {
  const count = spreadPositions(input.spread).length;
  const next =
    input.seed === undefined ? cryptoSource : seededSource(input.seed, `tarot-v1:${input.spread}:${input.allowReversed ? 'r' : 'u'}`);
  const picks = drawIndexes(DECK.length, count, next).map((index) => ({
    id: DECK[index].id,
    orientation: input.allowReversed && next(2) === 1 ? ('reversed' as const) : ('upright' as const),
  }));
  return readingOfCards(input, picks);
}
