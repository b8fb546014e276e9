export { DECK, cardById, SUITS } from './deck';
export type { TarotCard, Suit, TarotLocale, Localized as TarotLocalized } from './deck';
export * from './reading';
export { seededSource, drawIndexes } from './draw';
