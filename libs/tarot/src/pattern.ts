import { Suit, SUITS, TarotCard } from './deck';

/** The ranks of the Minor Arcana in the deck's order (number 1 … 14). */
export const RANKS = [
  'ace',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'page',
  'knight',
  'queen',
  'king',
] as const;
export type Rank = (typeof RANKS)[number];

/** Where the small cards' numbers stand in the count from Ace to Ten (tarot numerology's three stages). */
export type NumberPhase = 'beginnings' | 'development' | 'culmination';

/**
 * The pattern of a spread that a reader takes in before reading card by card (Waite, Pictorial Key
 * III §8: "run through the cards quickly, so that the mind may receive a general impression"): how
 * many trumps, which suits lead or are missing, court cards, numbers that recur, reversals.
 */
export interface SpreadPattern {
  major_arcana: number;
  minor_arcana: number;
  court_cards: number;
  reversed: number;
  suits: Record<Suit, number>;
  /** the suit with more cards than any other, when it has at least two */
  dominant_suit: Suit | null;
  /** the suits with no card, when at least four small cards lie on the table (fewer cannot show all four suits) */
  missing_suits: Suit[];
  /** a rank of the Minor Arcana drawn two, three or four times, and whether most of those cards lie reversed */
  repeated_ranks: { rank: Rank; count: number; mostly_reversed: boolean }[];
  /** when at least two numbered cards (Ace to Ten) lie on the table and all in one stage: Ace–Three, Four–Six or Seven–Ten */
  number_phase: NumberPhase | null;
}

type Drawn = { card: Pick<TarotCard, 'arcana' | 'suit' | 'number'>; orientation: 'upright' | 'reversed' };

const phaseOf = (number: number): NumberPhase => (number <= 3 ? 'beginnings' : number <= 6 ? 'development' : 'culmination');

export function spreadPattern(cards: readonly Drawn[]): SpreadPattern {
  const minors = cards.filter((d) => d.card.arcana === 'minor');
  const suits = Object.fromEntries(SUITS.map((s) => [s, minors.filter((d) => d.card.suit === s).length])) as Record<Suit, number>;
  const ranked = [...SUITS].sort((a, b) => suits[b] - suits[a]);
  const dominant = suits[ranked[0]] >= 2 && suits[ranked[0]] > suits[ranked[1]] ? ranked[0] : null;
  const repeated_ranks = RANKS.map((rank, i) => {
    const same = minors.filter((d) => d.card.number === i + 1);
    return { rank, count: same.length, mostly_reversed: same.filter((d) => d.orientation === 'reversed').length * 2 > same.length };
  }).filter((r) => r.count >= 2);
  const pips = minors.filter((d) => d.card.number <= 10).map((d) => phaseOf(d.card.number));
  return {
    major_arcana: cards.length - minors.length,
    minor_arcana: minors.length,
    court_cards: minors.filter((d) => d.card.number > 10).length,
    reversed: cards.filter((d) => d.orientation === 'reversed').length,
    suits,
    dominant_suit: dominant,
    missing_suits: minors.length >= 4 ? SUITS.filter((s) => suits[s] === 0) : [],
    repeated_ranks,
    number_phase: pips.length >= 2 && pips.every((p) => p === pips[0]) ? pips[0] : null,
  };
}
