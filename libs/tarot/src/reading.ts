import spreads from '../content/spreads.json';
import { DECK, Localized, READING_CONTENT, Suit, SUITS, TarotCard, TarotLocale } from './deck';
import { cryptoSource, drawIndexes, seededSource } from './draw';

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
}

export interface TarotReading {
  spread: Spread;
  question: string | null;
  locale: TarotLocale;
  allow_reversed: boolean;
  seed: string | null;
  cards: DrawnCard[];
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
  return (spreads[spread] as PositionEntry[]).map((p) => ({ id: p.id, name: { en: p.en[0], th: p.th[0] }, meaning: { en: p.en[1], th: p.th[1] } }));
}

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(vars[key]));
}

function synthesis(cards: DrawnCard[], question: string | undefined, locale: TarotLocale): string {
  const c = READING_CONTENT[locale];
  const parts: string[] = [];
  if (question) parts.push(fill(c.question, { question }));
  const majors = cards.filter((d) => d.card.arcana === 'major').length;
  if (cards.length > 1) parts.push(majors * 2 >= cards.length ? fill(c.majors_many, { count: majors, total: cards.length }) : c.majors_few);
  const suitCounts = SUITS.map((s) => [s, cards.filter((d) => d.card.suit === s).length] as [Suit, number]).sort((a, b) => b[1] - a[1]);
  if (suitCounts[0][1] >= 2 && suitCounts[0][1] > suitCounts[1][1]) parts.push(c.suit_themes[suitCounts[0][0]]);
  const reversed = cards.filter((d) => d.orientation === 'reversed').length;
  if (cards.length > 1 && reversed * 2 > cards.length) parts.push(c.reversed_many);
  const last = cards[cards.length - 1];
  parts.push(
    fill(c.last, {
      position: last.position.name[locale],
      card: `${last.card.name[locale]} (${c.orientation[last.orientation]})`,
      keywords: last.card.keywords[locale].join(locale === 'th' ? ' ' : ', '),
    }),
  );
  parts.push(last.meaning[locale]);
  return parts.join(' ');
}

/**
 * A reading: the spread's positions filled by cards drawn without replacement from the 78-card
 * deck, each upright or (when allowed) reversed with even odds. Without a seed the draw comes from
 * the CSPRNG; with a seed it is reproducible: the same seed, spread and allow_reversed give the
 * same cards in the same orientations (docs/tarot-numerology.md).
 */
export function tarotReading(input: ReadingInput): TarotReading {
  const positions = spreadPositions(input.spread);
  const next = input.seed === undefined ? cryptoSource : seededSource(input.seed, `tarot-v1:${input.spread}:${input.allowReversed ? 'r' : 'u'}`);
  const indexes = drawIndexes(DECK.length, positions.length, next);
  const cards: DrawnCard[] = indexes.map((index, i) => {
    const { upright, reversed, ...card } = DECK[index];
    const orientation = input.allowReversed && next(2) === 1 ? 'reversed' : 'upright';
    return { position: positions[i], card, orientation, meaning: orientation === 'upright' ? upright : reversed };
  });
  const localized = { en: synthesis(cards, input.question, 'en'), th: synthesis(cards, input.question, 'th') };
  return {
    spread: input.spread,
    question: input.question ?? null,
    locale: input.locale,
    allow_reversed: input.allowReversed,
    seed: input.seed ?? null,
    cards,
    synthesis: localized[input.locale],
    synthesis_localized: localized,
  };
}
