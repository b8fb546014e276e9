import spreads from '../content/spreads.json';
import { compose, joinSentences } from '@astro/text';
import { TarotCard, TarotLocale, Localized } from './deck';
import { cardPicture } from './pictures';
import { cardReference, keywordList } from './words';

type Orientation = 'upright' | 'reversed';
/** A position's sentences: one for an upright card, one for a reversed card, and `toward`, which turns the card's meaning to the position. */
type PositionText = { id: string; reading: Record<TarotLocale, Record<Orientation | 'toward', string>> };

/**
 * One position of a spread read with the card that fell there and its orientation, as a reader
 * speaks it: the position's own sentence for an upright or a reversed card
 * (libs/tarot/content/spreads.json), naming the card and its themes; then what the card's picture
 * shows and teaches (pictures-*.json, opened by the card's `place` in the reading); then the card's meaning in that orientation, turned toward
 * what the position stands for by the position's own `toward` sentence. Waite (Pictorial Key III §8): the meanings "should be adapted to
 * harmonize with the conditions of this particular case". The meanings are written not to restate
 * the keywords the position's sentence has already named.
 */
export function positionReading(
  spread: string,
  positionId: string,
  card: Pick<TarotCard, 'id' | 'arcana' | 'name' | 'keywords'>,
  orientation: Orientation,
  meaning: Localized,
  place = 0,
): Localized {
  const position = (spreads as unknown as Record<string, PositionText[]>)[spread].find((p) => p.id === positionId)!;
  const picture = cardPicture(card.id, place);
  const read = (locale: TarotLocale) =>
    joinSentences([
      compose(locale, position.reading[locale][orientation], {
        card: cardReference(card, locale),
        keywords: keywordList(card, locale),
      }),
      picture[locale],
      compose(locale, position.reading[locale].toward, { meaning: meaning[locale] }),
    ]);
  return { en: read('en'), th: read('th') };
}
