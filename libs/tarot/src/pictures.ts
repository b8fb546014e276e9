import picturesEn from '../content/pictures-en.json';
import picturesTh from '../content/pictures-th.json';
import openers from '../content/picture-openers.json';
import { Localized, TarotLocale } from './deck';

const PICTURES = { en: picturesEn as Record<string, string>, th: picturesTh as Record<string, string> };
/** How a reader turns to a card's picture; each paragraph is written with the first, and the n-th card of a reading gets the n-th. */
export const PICTURE_OPENERS: Record<TarotLocale, readonly string[]> = openers;

/**
 * What a card's face shows and what that picture teaches, as a reader says it when the card is
 * turned (libs/tarot/content/pictures-*.json). The text follows the faces drawn in
 * libs/rendering/src/tarot, so the words and the printed card agree.
 */
export function cardPicture(id: string, place = 0): Localized {
  const picture = { en: PICTURES.en[id], th: PICTURES.th[id] };
  if (!picture.en || !picture.th) throw new Error(`no picture text for tarot card ${id}`);
  return { en: openedAs(picture.en, 'en', place), th: openedAs(picture.th, 'th', place) };
}

/** The paragraph opened with the opener of the card's place in the reading, so ten cards in a row do not all begin alike. */
function openedAs(paragraph: string, locale: TarotLocale, place: number): string {
  const [written, ...others] = PICTURE_OPENERS[locale];
  if (!paragraph.startsWith(written)) throw new Error(`a tarot picture text does not open with "${written}"`);
  const opener = [written, ...others][place % (others.length + 1)];
  return opener + paragraph.slice(written.length);
}
