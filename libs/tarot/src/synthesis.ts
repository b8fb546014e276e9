import recurrenceEn from '../content/recurrence-en.json';
import recurrenceTh from '../content/recurrence-th.json';
import { compose, fill } from '@astro/text';
import { SUITS, TarotCard, TarotLocale } from './deck';
import { RANKS, SpreadPattern } from './pattern';
import { cardReference, keywordList, listOf, READING_CONTENT } from './words';

const RECURRENCE = { en: recurrenceEn, th: recurrenceTh } as const;

export interface SynthesisCard {
  position: { name: Record<TarotLocale, string> };
  card: Pick<TarotCard, 'arcana' | 'name' | 'keywords'>;
  orientation: 'upright' | 'reversed';
}

/** A position's label as it reads inside a sentence: "The outcome" and "Future" become "the outcome" and "the future". */
const positionInSentence = (label: string, locale: TarotLocale) =>
  locale === 'en' ? `the ${label.replace(/^the\s+/i, '').replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())}` : label;

/** A count in words ("three") in English, in digits in Thai. */
const countOf = (count: number, locale: TarotLocale) =>
  locale === 'en' ? (READING_CONTENT.en.numbers[count] ?? String(count)) : String(count);

function majorsSentence(cards: readonly SynthesisCard[], pattern: SpreadPattern, locale: TarotLocale): string {
  const m = READING_CONTENT[locale].majors;
  const majors = cards.filter((d) => d.card.arcana === 'major').map((d) => cardReference(d.card, locale));
  if (cards.length === 1) return pattern.major_arcana ? m.single_major : m.single_minor;
  const count = pattern.major_arcana;
  if (count === 0) return m.none;
  if (count === 1) return compose(locale, m.one, { cards: majors[0] });
  if (count * 2 >= cards.length) return compose(locale, m.many, { count: countOf(count, locale), total: countOf(cards.length, locale) });
  return compose(locale, m.some, { count: countOf(count, locale), cards: listOf(majors, locale) });
}

function suitSentences(pattern: SpreadPattern, locale: TarotLocale): string[] {
  const c = READING_CONTENT[locale];
  if (pattern.minor_arcana < 2) return [];
  const present = SUITS.filter((s) => pattern.suits[s] > 0).sort((a, b) => pattern.suits[b] - pattern.suits[a]);
  const items = present.map((s) =>
    locale === 'en'
      ? `${countOf(pattern.suits[s], 'en')} ${READING_CONTENT.en.suit_count[s][pattern.suits[s] === 1 ? 0 : 1]}`
      : `ชุด${c.suits[s]} ${pattern.suits[s]} ใบ`,
  );
  const out = [compose(locale, c.suit_list, { list: listOf(items, locale) })];
  if (pattern.dominant_suit) out.push(c.suit_leads[pattern.dominant_suit]);
  const counts = SUITS.map((s) => pattern.suits[s]);
  if (pattern.minor_arcana >= 4 && present.length === 4 && Math.max(...counts) - Math.min(...counts) <= 1) out.push(c.suits_balanced);
  else if (pattern.missing_suits.length <= 2) out.push(...pattern.missing_suits.map((s) => c.suit_missing[s]));
  return out;
}

function numberSentences(pattern: SpreadPattern, locale: TarotLocale): string[] {
  const c = READING_CONTENT[locale];
  const recurrences = pattern.repeated_ranks.map(({ rank, count, mostly_reversed }) =>
    compose(locale, c.recurrence, {
      count: countOf(count, locale),
      rank: c.rank_plurals[RANKS.indexOf(rank)],
      meaning: RECURRENCE[locale][mostly_reversed ? 'reversed' : 'upright'][rank][Math.min(count, 4) - 2],
    }),
  );
  return [...recurrences, ...(pattern.number_phase ? [c.phase[pattern.number_phase]] : [])];
}

/**
 * The reading drawn together after the cards have been read one by one: the question, then the
 * pattern of the spread as a reader takes it in (the Major Arcana's share, the suits that lead or are
 * missing, court cards, numbers that recur and the stage of the count, reversals), then the card of
 * the last position, where the reading closes. Every sentence comes from reading-{en,th}.json and
 * recurrence-{en,th}.json (docs/tarot-numerology.md).
 */
export function synthesis(
  cards: readonly SynthesisCard[],
  pattern: SpreadPattern,
  options: { question?: string; allowReversed: boolean; locale: TarotLocale },
): string {
  const { locale } = options;
  const c = READING_CONTENT[locale];
  const parts: string[] = [];
  // The client's question is quoted as asked: only the placeholder is filled.
  if (options.question) parts.push(fill(c.question, { question: options.question }));
  parts.push(majorsSentence(cards, pattern, locale));
  parts.push(...suitSentences(pattern, locale));
  if (pattern.court_cards >= 2) parts.push(compose(locale, c.courts, { count: countOf(pattern.court_cards, locale) }));
  parts.push(...numberSentences(pattern, locale));
  if (cards.length > 1 && pattern.reversed * 2 > cards.length) parts.push(c.reversed_many);
  else if (options.allowReversed && cards.length >= 3 && pattern.reversed === 0) parts.push(c.reversed_none);
  if (cards.length > 1) {
    const last = cards[cards.length - 1];
    parts.push(
      compose(locale, last.orientation === 'reversed' ? c.last_reversed : c.last, {
        position: positionInSentence(last.position.name[locale], locale),
        card: cardReference(last.card, locale),
        keywords: keywordList(last.card, locale),
      }),
    );
  }
  return parts.join(' ');
}
