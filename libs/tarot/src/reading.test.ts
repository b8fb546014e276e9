import type { ProseSample } from '@astro/text';
import { proseIssues } from '../../../test/support/prose-check';
import { DECK, cardById } from './deck';
import { cardPicture, PICTURE_OPENERS } from './pictures';
import { CardPick, readingOfCards, SPREADS, Spread, spreadPositions, tarotReading } from './reading';

const up = (id: string): CardPick => ({ id, orientation: 'upright' });
const down = (id: string): CardPick => ({ id, orientation: 'reversed' });
const read = (spread: Spread, picks: CardPick[], locale: 'en' | 'th' = 'en') =>
  readingOfCards({ spread, locale, allowReversed: true }, picks);
/** Fills a spread's remaining positions with Major Arcana cards that take no part in the pattern under test. */
const FILLERS = [
  'the-star',
  'the-moon',
  'the-sun',
  'judgement',
  'the-world',
  'temperance',
  'the-hermit',
  'justice',
  'the-chariot',
  'death',
];

describe('each position read as position + card + orientation', () => {
  it('names the position, the card and its orientation, then gives the card’s meaning in that orientation, in en and th', () => {
    const texts = { en: new Set<string>(), th: new Set<string>() };
    let count = 0;
    for (const spread of SPREADS) {
      const positions = spreadPositions(spread);
      for (const orientation of ['upright', 'reversed'] as const) {
        for (const id of ['the-tower', 'three-of-cups']) {
          // the card under test in every position in turn
          for (let at = 0; at < positions.length; at++) {
            const picks = positions.map((_, i) => (i === at ? { id, orientation } : up(FILLERS[i])));
            const drawn = read(spread, picks).cards[at];
            const card = cardById(id)!;
            expect(drawn.interpretation.en).toContain(id === 'the-tower' ? 'the Tower' : 'the Three of Cups');
            expect(drawn.interpretation.en).toContain(orientation);
            expect(drawn.interpretation.en).toContain(card[orientation].en);
            expect(drawn.interpretation.en).toContain(card.keywords.en[0]);
            expect(drawn.interpretation.th).toContain(`ไพ่${card.name.th}`);
            expect(drawn.interpretation.th).toContain(orientation === 'upright' ? 'ตั้งตรง' : 'กลับหัว');
            expect(drawn.interpretation.th).toContain(card[orientation].th);
            expect(drawn.interpretation.th).not.toMatch(/[A-Za-z]/);
            texts.en.add(drawn.interpretation.en);
            texts.th.add(drawn.interpretation.th);
            count++;
          }
        }
      }
    }
    // 26 positions × 2 orientations × 2 cards, and no two positions read alike
    expect(count).toBe(104);
    expect(texts.en.size).toBe(104);
    expect(texts.th.size).toBe(104);
  });

  it('reads the same card differently in the past and in the future, upright and reversed', () => {
    const past = read('three_card', [up('the-star'), up('the-moon'), up('the-sun')]).cards[0].interpretation.en;
    const future = read('three_card', [up('the-moon'), up('the-sun'), up('the-star')]).cards[2].interpretation.en;
    const reversed = read('three_card', [up('the-moon'), up('the-sun'), down('the-star')]).cards[2].interpretation.en;
    expect(past).toMatch(/^In the place of the past stands the Star, upright: hope, renewal and inspiration shaped the road/);
    expect(future).toMatch(
      /^Ahead, if nothing changes, comes the Star, upright: hope, renewal and inspiration are where the matter is heading/,
    );
    expect(reversed).toMatch(/^Ahead, if nothing changes, comes the Star, reversed: .* Discouragement; small steps rekindle your faith\.$/);
  });
});

/** Sentences of an English text; Thai writes no full stops, so its sentences are the runs between spaces (ๆ, the repetition mark, belongs to the word before it). */
const sentencesOf = (text: string, locale: 'en' | 'th') => (locale === 'en' ? text.split(/(?<=[.!?])\s+/) : text.split(/\s+(?!ๆ)/));
/** A Thai list of keywords is written with spaces between its items: those items are words of a list, not sentences. */
const KEYWORD_ITEMS = new Set(DECK.flatMap((c) => c.keywords.th.flatMap((k) => [k, `และ${k}`])));
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** How often a keyword stands in a text outside the card's name: English as a whole word or phrase, any case; Thai as it is written. */
const occurrences = (reading: string, keyword: string, locale: 'en' | 'th', name: string) => {
  const text = reading.split(name).join(' ');
  return locale === 'en' ? (text.match(new RegExp(`\\b${keyword}\\b`, 'gi')) ?? []).length : text.split(keyword).length - 1;
};

describe('the depth of a position’s reading', () => {
  it('gives every one of the 78 cards a paragraph on its picture and its lesson, in English and in Thai', () => {
    expect(DECK).toHaveLength(78);
    for (const card of DECK) {
      const picture = cardPicture(card.id);
      expect(wordCount(picture.en)).toBeGreaterThanOrEqual(40);
      expect(sentencesOf(picture.en, 'en').length).toBeGreaterThanOrEqual(2);
      expect(picture.en).not.toMatch(/[\u0E00-\u0E7F]/);
      expect(picture.th.length).toBeGreaterThan(120);
      expect(picture.th).toMatch(/^[\u0E00-\u0E7F\s]+$/);
    }
    const paragraphs = DECK.flatMap((c) => [cardPicture(c.id).en, cardPicture(c.id).th]);
    expect(new Set(paragraphs).size).toBe(156);
  });

  it('opens the pictures of a reading’s cards in turn, so ten cards in a row do not begin alike', () => {
    const cards = read('celtic_cross', FILLERS.slice(0, 10).map(up)).cards;
    for (const locale of ['en', 'th'] as const) {
      const openings = cards.map((drawn, place) => {
        const picture = cardPicture(drawn.card.id, place)[locale];
        expect(drawn.interpretation[locale]).toContain(picture);
        return PICTURE_OPENERS[locale].find((opener) => picture.startsWith(opener));
      });
      expect(openings.slice(0, PICTURE_OPENERS[locale].length)).toEqual(PICTURE_OPENERS[locale]);
    }
  });

  it('the Nine of Swords reads as its face is drawn: someone sitting up in bed, nine swords on the dark wall', () => {
    const { en, th } = cardPicture('nine-of-swords');
    expect(en).toMatch(/nine swords/);
    expect(en).toMatch(/sitting up in bed/);
    expect(th).toContain('ดาบเก้าเล่ม');
    expect(th).toContain('ลุกขึ้นนั่งบนเตียง');
  });

  it('reads every card in every position of every spread, upright and reversed, in at least 70 English words', () => {
    let shortest = Infinity;
    for (const spread of SPREADS) {
      const positions = spreadPositions(spread);
      for (const card of DECK)
        for (const orientation of ['upright', 'reversed'] as const)
          for (let at = 0; at < positions.length; at++) {
            const fillers = [...FILLERS, 'the-fool'].filter((id) => id !== card.id);
            const picks = positions.map((_, i) => (i === at ? { id: card.id, orientation } : up(fillers[i])));
            const drawn = read(spread, picks).cards[at];
            shortest = Math.min(shortest, wordCount(drawn.interpretation.en));
            expect(drawn.interpretation.en).toContain(cardPicture(card.id, at).en);
            expect(drawn.interpretation.th).toContain(cardPicture(card.id, at).th);
            // the position's sentence names the keywords; the picture and the meaning never say them again
            for (const locale of ['en', 'th'] as const)
              for (const keyword of card.keywords[locale]) {
                expect(drawn.interpretation[locale].toLowerCase()).toContain(keyword.toLowerCase());
                const cardOwn = `${cardPicture(card.id, at)[locale]} ${drawn.meaning[locale]}`;
                const name = locale === 'th' ? `ไพ่${card.name.th}` : card.name.en;
                expect([card.id, locale, keyword, occurrences(cardOwn, keyword, locale, name)]).toEqual([card.id, locale, keyword, 0]);
              }
          }
    }
    expect(shortest).toBeGreaterThanOrEqual(70);
  });

  it('shares no sentence of a card’s picture or meanings with another card, so no two positions can repeat one', () => {
    for (const locale of ['en', 'th'] as const) {
      const owner = new Map<string, string>();
      for (const card of DECK) {
        const own = [cardPicture(card.id)[locale], card.upright[locale], card.reversed[locale]].join(' ');
        for (const sentence of new Set(sentencesOf(own, locale))) {
          expect([sentence, owner.get(sentence) ?? card.id]).toEqual([sentence, card.id]);
          owner.set(sentence, card.id);
        }
      }
    }
  });

  it('repeats no sentence across the positions of one reading', () => {
    for (const spread of SPREADS)
      for (let i = 0; i < 40; i++) {
        const reading = tarotReading({ spread, locale: 'en', allowReversed: true, seed: `sentences-${spread}-${i}` });
        for (const locale of ['en', 'th'] as const) {
          const seen = new Map<string, number>();
          reading.cards.forEach((c, position) => {
            for (const sentence of new Set(sentencesOf(c.interpretation[locale], locale))) {
              if (KEYWORD_ITEMS.has(sentence)) continue;
              expect([sentence, seen.get(sentence) ?? position]).toEqual([sentence, position]);
              seen.set(sentence, position);
            }
          });
        }
      }
  });
});

describe('the synthesis names the pattern of the spread', () => {
  it('counts the Major Arcana: none, one by name, several by name, most', () => {
    expect(read('three_card', [up('two-of-cups'), up('five-of-wands'), up('king-of-swords')]).synthesis).toContain(
      'No card of the Major Arcana lies here',
    );
    expect(read('three_card', [up('two-of-cups'), up('the-tower'), up('king-of-swords')]).synthesis).toContain(
      'The Tower is the only card of the Major Arcana',
    );
    const some = read('horseshoe', [
      up('the-fool'),
      up('death'),
      ...['two', 'three', 'four', 'five', 'six'].map((r) => up(`${r}-of-cups`)),
    ]);
    expect(some.pattern.major_arcana).toBe(2);
    expect(some.synthesis).toContain('Two cards of the Major Arcana, the Fool and Death, mark where larger forces are at work');
    const most = read('celtic_cross', FILLERS.map(up));
    expect(most.synthesis).toContain('Ten of the ten cards belong to the Major Arcana');
    expect(most.synthesis_localized.th).toContain('ไพ่ 10 จาก 10 ใบเป็นไพ่ชุดใหญ่');
  });

  it('names the suits: their count, the one that leads, those missing, a balance', () => {
    const cups = read('horseshoe', [
      up('ace-of-cups'),
      up('four-of-cups'),
      up('queen-of-cups'),
      up('two-of-wands'),
      up('seven-of-swords'),
      up('the-star'),
      up('the-sun'),
    ]);
    expect(cups.pattern).toMatchObject({
      suits: { cups: 3, wands: 1, swords: 1, pentacles: 0 },
      dominant_suit: 'cups',
      missing_suits: ['pentacles'],
    });
    expect(cups.synthesis).toContain('Among the small cards are three Cups, one Wand and one Sword.');
    expect(cups.synthesis).toContain('Cups lead the spread: the element of water');
    expect(cups.synthesis).toContain('No Pentacles appear');
    expect(cups.synthesis_localized.th).toContain('ไพ่ชุดเล็กแบ่งเป็นชุดถ้วย 3 ใบ ชุดไม้เท้า 1 ใบ และชุดดาบ 1 ใบ');
    expect(cups.synthesis_localized.th).toContain('ไม่มีไพ่ชุดเหรียญ');
    const balanced = read('relationship', [
      up('ace-of-wands'),
      up('two-of-cups'),
      up('king-of-swords'),
      up('page-of-pentacles'),
      up('the-lovers'),
    ]);
    expect(balanced.pattern.dominant_suit).toBeNull();
    expect(balanced.synthesis).toContain('All four suits are present in balance');
  });

  // A. E. Waite, The Pictorial Key to the Tarot (1910), part III §5, "The Recurrence of Cards in
  // Dealing", in the natural position: "3 Nines = success", "4 Kings = great honour",
  // "2 Knights = intimacy"; reversed: "2 Aces = enemies".
  it('reads numbers that recur by Waite’s table of recurring cards, upright and reversed', () => {
    const nines = read('three_card', [up('nine-of-wands'), up('nine-of-cups'), up('nine-of-swords')]);
    expect(nines.pattern.repeated_ranks).toEqual([{ rank: 'nine', count: 3, mostly_reversed: false }]);
    expect(nines.synthesis).toContain('Three Nines lie together, which the old rule of recurring cards reads as success.');
    expect(nines.synthesis_localized.th).toContain('ไพ่เลขเก้า 3 ใบปรากฏพร้อมกัน ตามหลักไพ่ซ้ำแบบดั้งเดิมหมายถึงความสำเร็จ');
    const kings = read('celtic_cross', [
      ...['wands', 'cups', 'swords', 'pentacles'].map((s) => up(`king-of-${s}`)),
      ...FILLERS.slice(0, 6).map(up),
    ]);
    expect(kings.synthesis).toContain('Four Kings lie together, which the old rule of recurring cards reads as great honour.');
    expect(kings.synthesis).toContain('Four court cards appear');
    const knights = read('three_card', [up('knight-of-cups'), up('the-star'), up('knight-of-wands')]);
    expect(knights.synthesis).toContain('Two Knights lie together, which the old rule of recurring cards reads as intimacy.');
    const aces = read('three_card', [down('ace-of-swords'), down('ace-of-pentacles'), up('the-star')]);
    expect(aces.pattern.repeated_ranks).toEqual([{ rank: 'ace', count: 2, mostly_reversed: true }]);
    expect(aces.synthesis).toContain('Two Aces lie together, which the old rule of recurring cards reads as opposition from rivals.');
  });

  it('names the stage of the count when the numbered cards agree: beginnings, development, culmination', () => {
    const early = read('three_card', [up('ace-of-wands'), up('two-of-swords'), up('three-of-cups')]);
    expect(early.pattern.number_phase).toBe('beginnings');
    expect(early.synthesis).toContain('at the start of the count, Ace to Three');
    expect(read('three_card', [up('four-of-wands'), up('six-of-swords'), up('the-sun')]).pattern.number_phase).toBe('development');
    const late = read('three_card', [up('eight-of-wands'), up('nine-of-swords'), up('ten-of-cups')]);
    expect(late.pattern.number_phase).toBe('culmination');
    expect(late.synthesis_localized.th).toContain('ไพ่ตัวเลขอยู่ช่วงท้ายของการนับ');
    expect(read('three_card', [up('ace-of-wands'), up('nine-of-swords'), up('the-sun')]).pattern.number_phase).toBeNull();
  });

  it('says when the cards all stand upright or most are reversed, and closes on the last position', () => {
    const upright = read('three_card', [up('the-star'), up('two-of-cups'), up('the-sun')]);
    expect(upright.synthesis).toContain('Every card lies upright');
    expect(upright.synthesis).toMatch(/In the end, the future gathers the reading into the Sun: joy, success and vitality are the note/);
    const reversed = read('three_card', [down('the-star'), down('two-of-cups'), up('the-sun')]);
    expect(reversed.synthesis).toContain('Many cards are reversed');
    expect(
      readingOfCards({ spread: 'three_card', locale: 'en', allowReversed: false }, [up('the-star'), up('two-of-cups'), up('the-sun')])
        .synthesis,
    ).not.toContain('Every card lies upright');
  });
});

describe('readings pass the prose check', () => {
  it('in English (articles, spelling, capitals) and in Thai (no English sentence), over every spread and many draws', () => {
    const samples: ProseSample[] = [];
    for (const spread of SPREADS)
      for (let i = 0; i < 12; i++)
        for (const language of ['en', 'th'] as const) {
          const reading = tarotReading({ spread, locale: language, allowReversed: true, seed: `prose-${spread}-${i}` });
          reading.cards.forEach((c, j) => samples.push({ key: `${spread} ${i} card ${j}`, language, text: c.interpretation[language] }));
          samples.push({ key: `${spread} ${i} synthesis`, language, text: reading.synthesis_localized[language] });
        }
    expect(samples.length).toBeGreaterThan(600);
    expect(proseIssues(samples)).toEqual([]);
  });

  it('every card reads in every position of the Celtic Cross without a leftover placeholder', () => {
    for (const card of DECK)
      for (const orientation of ['upright', 'reversed'] as const) {
        const picks = FILLERS.map((id, i) => (i === 9 ? { id: card.id, orientation } : up(id === card.id ? 'the-fool' : id)));
        const reading = read('celtic_cross', picks);
        for (const text of [
          ...reading.cards.flatMap((c) => [c.interpretation.en, c.interpretation.th]),
          ...Object.values(reading.synthesis_localized),
        ])
          expect(text).not.toMatch(/[{}]/);
      }
  });
});
