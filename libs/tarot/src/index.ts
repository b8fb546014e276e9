export { DECK, cardById, SUITS } from './deck';
export type { TarotCard, Suit, TarotLocale, Localized as TarotLocalized } from './deck';
export * from './reading';
export { RANKS, spreadPattern } from './pattern';
export type { Rank, NumberPhase, SpreadPattern } from './pattern';
export { cardReference, orientationName } from './words';
export { seededSource, drawIndexes } from './draw';
