import readingEn from '../content/reading-en.json';
import readingTh from '../content/reading-th.json';
import { TarotCard, TarotLocale } from './deck';

export const READING_CONTENT = { en: readingEn, th: readingTh } as const;

/** "upright" / "reversed" in the reading's language. */
export const orientationName = (orientation: 'upright' | 'reversed', locale: TarotLocale): string =>
  READING_CONTENT[locale].orientation[orientation];

/**
 * A card's name as it reads inside an English sentence, as Waite writes it: "the Tower", "the Wheel
 * of Fortune", "the Five of Cups", but "Strength", "Death", "Justice". Thai takes the name as it is
 * (the templates write ไพ่ before it).
 */
export function cardReference(card: Pick<TarotCard, 'arcana' | 'name'>, locale: TarotLocale): string {
  const name = card.name[locale];
  if (locale === 'th') return name;
  if (card.arcana === 'minor' || name === 'Wheel of Fortune') return `the ${name}`;
  return name.replace(/^The /, 'the ');
}

/** "completion, wholeness and achievement": a list as it reads in a sentence; Thai joins with spaces and และ before the last. */
export function listOf(items: readonly string[], locale: TarotLocale): string {
  if (items.length < 2) return items.join('');
  const last = items[items.length - 1];
  const head = items.slice(0, -1);
  return locale === 'th' ? `${head.join(' ')} และ${last}` : `${head.join(', ')} and ${last}`;
}

/** The card's keywords as a list for a sentence. */
export const keywordList = (card: Pick<TarotCard, 'keywords'>, locale: TarotLocale) => listOf(card.keywords[locale], locale);
