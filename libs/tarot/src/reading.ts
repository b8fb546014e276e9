import spreads from '../content/spreads.json';
import { compose, fill as fillOnly, TextValues } from '@astro/text';
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
  return (spreads[spread] as PositionEntry[]).map((p) => ({
    id: p.id,
    name: { en: p.en[0], th: p.th[0] },
    meaning: { en: p.en[1], th: p.th[1] },
  }));
}

/** A template filled through the templating step of @astro/text (English articles and capitals; Thai as is). */
const fill = (template: string, vars: TextValues, locale: TarotLocale = 'en') => compose(locale, template, vars);

/** A position's label as it reads inside a sentence: "The outcome" and "Focus" become "the outcome" and "the focus". */
const positionInSentence = (label: string, locale: TarotLocale) =>
  locale === 'en' ? `the ${label.replace(/^the\s+/i, '').replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())}` : label;

/** "completion, wholeness and achievement": a list as it reads in an English sentence. */
const englishList = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function synthesis(cards: DrawnCard[], question: string | undefined, locale: TarotLocale): string {
  const c = READING_CONTENT[locale];
  const parts: string[] = [];
  // The client's question is quoted as asked: only the placeholder is filled.
  if (question) parts.push(fillOnly(c.question, { question }));
  const majors = cards.filter((d) => d.card.arcana === 'major').length;
  if (cards.length > 1)
    parts.push(majors * 2 >= cards.length ? fill(c.majors_many, { count: majors, total: cards.length }, locale) : c.majors_few);
  const suitCounts = SUITS.map((s) => [s, cards.filter((d) => d.card.suit === s).length] as [Suit, number]).sort((a, b) => b[1] - a[1]);
  if (suitCounts[0][1] >= 2 && suitCounts[0][1] > suitCounts[1][1]) parts.push(c.suit_themes[suitCounts[0][0]]);
  const reversed = cards.filter((d) => d.orientation === 'reversed').length;
  if (cards.length > 1 && reversed * 2 > cards.length) parts.push(c.reversed_many);
  const last = cards[cards.length - 1];
  // The card's own meaning is printed beside the card, so the synthesis names its themes instead of
  // repeating that sentence; a reversed card's themes read as held back, not as promised.
  parts.push(
    fill(
      last.orientation === 'reversed' ? c.last_reversed : c.last,
      {
        position: positionInSentence(last.position.name[locale], locale),
        card: `${last.card.name[locale]} (${c.orientation[last.orientation]})`,
        keywords: locale === 'th' ? last.card.keywords.th.join(' ') : englishList(last.card.keywords.en),
      },
      locale,
    ),
  );
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
  const next =
    input.seed === undefined ? cryptoSource : seededSource(input.seed, `tarot-v1:${input.spread}:${input.allowReversed ? 'r' : 'u'}`);
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
