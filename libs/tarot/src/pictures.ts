import picturesEn from '../content/pictures-en.json';
import picturesTh from '../content/pictures-th.json';
import { Localized } from './deck';

const PICTURES = { en: picturesEn as Record<string, string>, th: picturesTh as Record<string, string> };

/**
 * What a card's face shows and what that picture teaches, as a reader says it when the card is
 * turned (libs/tarot/content/pictures-*.json). The text follows the faces drawn in
 * libs/rendering/src/tarot, so the words and the printed card agree.
 */
export function cardPicture(id: string): Localized {
  const picture = { en: PICTURES.en[id], th: PICTURES.th[id] };
  if (!picture.en || !picture.th) throw new Error(`no picture text for tarot card ${id}`);
  return picture;
}
