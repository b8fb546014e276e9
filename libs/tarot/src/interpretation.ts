import spreads from '../content/spreads.json';
import { compose } from '@astro/text';
import { TarotCard, TarotLocale, Localized } from './deck';
import { cardReference, keywordList } from './words';

type Orientation = 'upright' | 'reversed';
type PositionText = { id: string; reading: Record<TarotLocale, Record<Orientation, string>> };

/**
 * One position of a spread read with the card that fell there and its orientation: the position's
 * own sentence for an upright or a reversed card (libs/tarot/content/spreads.json), naming the card
 * and its themes, then the card's meaning in that orientation. Waite (Pictorial Key III §8): the
 * meanings "should be adapted to harmonize with the conditions of this particular case".
 */
export function positionReading(
  spread: string,
  positionId: string,
  card: Pick<TarotCard, 'arcana' | 'name' | 'keywords'>,
  orientation: Orientation,
  meaning: Localized,
): Localized {
  const position = (spreads as unknown as Record<string, PositionText[]>)[spread].find((p) => p.id === positionId)!;
  const read = (locale: TarotLocale) => {
    const lead = compose(locale, position.reading[locale][orientation], {
      card: cardReference(card, locale),
      keywords: keywordList(card, locale),
    });
    return `${lead} ${meaning[locale]}`;
  };
  return { en: read('en'), th: read('th') };
}
