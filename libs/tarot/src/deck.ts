import majorEn from '../content/major-en.json';
import majorTh from '../content/major-th.json';
import minorEn from '../content/minor-en.json';
import minorTh from '../content/minor-th.json';
import readingEn from '../content/reading-en.json';
import readingTh from '../content/reading-th.json';

export type TarotLocale = 'en' | 'th';
export type Localized = Record<TarotLocale, string>;
export const SUITS = ['wands', 'cups', 'swords', 'pentacles'] as const;
export type Suit = (typeof SUITS)[number];

export interface TarotCard {
  id: string;
  name: Localized;
  arcana: 'major' | 'minor';
  suit: Suit | null;
  /** Major Arcana 0 (The Fool) … 21 (The World); Minor Arcana 1 (Ace) … 10, 11 Page, 12 Knight, 13 Queen, 14 King */
  number: number;
  keywords: Record<TarotLocale, string[]>;
  upright: Localized;
  reversed: Localized;
}

type Entry = [string, string[], string, string];
type MinorEntry = [string[], string, string];

const RANK_IDS = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'page', 'knight', 'queen', 'king'];

function majorArcana(): TarotCard[] {
  return Object.entries(majorEn as unknown as Record<string, Entry>).map(([id, en], number) => {
    const th = (majorTh as unknown as Record<string, Entry>)[id];
    return {
      id,
      name: { en: en[0], th: th[0] },
      arcana: 'major',
      suit: null,
      number,
      keywords: { en: en[1], th: th[1] },
      upright: { en: en[2], th: th[2] },
      reversed: { en: en[3], th: th[3] },
    };
  });
}

function minorArcana(): TarotCard[] {
  return SUITS.flatMap((suit) =>
    (minorEn[suit] as unknown as MinorEntry[]).map((en, i) => {
      const th = (minorTh[suit] as unknown as MinorEntry[])[i];
      const nameIn = (content: { of: string; ranks: string[]; suits: Record<Suit, string> }) =>
        content.of.replace('{rank}', content.ranks[i]).replace('{suit}', content.suits[suit]);
      return {
        id: `${RANK_IDS[i]}-of-${suit}`,
        name: { en: nameIn(readingEn), th: nameIn(readingTh) },
        arcana: 'minor' as const,
        suit,
        number: i + 1,
        keywords: { en: en[0], th: th[0] },
        upright: { en: en[1], th: th[1] },
        reversed: { en: en[2], th: th[2] },
      };
    }),
  );
}

/** The 78 cards of the Rider–Waite–Smith deck in deck order: Major Arcana 0–21, then Wands, Cups, Swords, Pentacles Ace … King. */
export const DECK: readonly TarotCard[] = [...majorArcana(), ...minorArcana()];

const BY_ID = new Map(DECK.map((c) => [c.id, c]));
export const cardById = (id: string): TarotCard | undefined => BY_ID.get(id);
