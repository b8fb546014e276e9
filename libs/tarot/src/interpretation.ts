import spreads from '../content/spreads.json';
import { compose, joinSentences } from '@astro/text';
import { TarotCard, TarotLocale, Localized } from './deck';
import { cardPicture } from './pictures';
import { cardReference, keywordList, READING_CONTENT } from './words';

type Orientation = 'upright' | 'reversed';
type PositionText = { id: string; en: string[]; th: string[]; reading: Record<TarotLocale, Record<Orientation, string>> };

/** What a position stands for, as a phrase inside a sentence: "the best that can be achieved; your conscious aim" joins with "and". */
const aspectOf = (position: PositionText, locale: TarotLocale) => position[locale][1].replace(/; /g, locale === 'en' ? ' and ' : ' ');

/**
 * One position of a spread read with the card that fell there and its orientation, as a reader
 * speaks it: the position's own sentence for an upright or a reversed card
 * (libs/tarot/content/spreads.json), naming the card and its themes; then what the card's picture
 * shows and teaches (pictures-*.json); then the card's meaning in that orientation, turned toward
 * what the position stands for. Waite (Pictorial Key III §8): the meanings "should be adapted to
 * harmonize with the conditions of this particular case". The meanings are written not to restate
 * the keywords the position's sentence has already named.
 */
export function positionReading(
  spread: string,
  positionId: string,
  card: Pick<TarotCard, 'id' | 'arcana' | 'name' | 'keywords'>,
  orientation: Orientation,
  meaning: Localized,
): Localized {
  const position = (spreads as unknown as Record<string, PositionText[]>)[spread].find((p) => p.id === positionId)!;
  const picture = cardPicture(card.id);
  const read = (locale: TarotLocale) =>
    joinSentences([
      compose(locale, position.reading[locale][orientation], {
        card: cardReference(card, locale),
        keywords: keywordList(card, locale),
      }),
      picture[locale],
      compose(locale, READING_CONTENT[locale].toward, { aspect: aspectOf(position, locale), meaning: meaning[locale] }),
    ]);
  return { en: read('en'), th: read('th') };
}
