import { DECK, cardById } from './deck';
import { drawIndexes, seededSource } from './draw';
import { SPREADS, spreadPositions, tarotReading } from './reading';

describe('the deck', () => {
  it('has the 78 Rider–Waite–Smith cards: 22 major, 14 of each suit', () => {
    expect(DECK).toHaveLength(78);
    expect(DECK.filter((c) => c.arcana === 'major')).toHaveLength(22);
    for (const suit of ['wands', 'cups', 'swords', 'pentacles']) expect(DECK.filter((c) => c.suit === suit)).toHaveLength(14);
    expect(new Set(DECK.map((c) => c.id)).size).toBe(78);
    expect(cardById('the-fool')).toMatchObject({ number: 0, arcana: 'major' });
    expect(cardById('the-world')).toMatchObject({ number: 21 });
    expect(cardById('king-of-pentacles')).toMatchObject({
      number: 14,
      suit: 'pentacles',
      name: { en: 'King of Pentacles', th: 'ราชาเหรียญ' },
    });
  });

  it('every card has upright and reversed meanings and keywords in en and th; no English in the Thai', () => {
    for (const card of DECK) {
      for (const locale of ['en', 'th'] as const) {
        expect(card.name[locale].length).toBeGreaterThan(2);
        expect(card.upright[locale].length).toBeGreaterThan(20);
        expect(card.reversed[locale].length).toBeGreaterThan(20);
        expect(card.keywords[locale].length).toBeGreaterThanOrEqual(3);
      }
      for (const text of [card.name.th, card.upright.th, card.reversed.th, ...card.keywords.th]) {
        expect(text).toMatch(/[\u0E00-\u0E7F]/);
        expect(text).not.toMatch(/[A-Za-z]/);
      }
      expect(card.upright.en).not.toEqual(card.reversed.en);
    }
  });
});

describe('spreads and draws', () => {
  it('has named positions for each spread', () => {
    expect(SPREADS.map((s) => spreadPositions(s).length)).toEqual([1, 3, 10, 5, 7]);
    expect(spreadPositions('three_card').map((p) => p.id)).toEqual(['past', 'present', 'future']);
  });

  it('the same seed gives the same cards; another seed or spread gives another draw', () => {
    const a = tarotReading({ spread: 'celtic_cross', locale: 'en', allowReversed: true, seed: 'moon-42' });
    const b = tarotReading({ spread: 'celtic_cross', locale: 'th', allowReversed: true, seed: 'moon-42', question: 'งาน' });
    const picks = (r: typeof a) => r.cards.map((c) => `${c.card.id}:${c.orientation}`);
    expect(picks(b)).toEqual(picks(a));
    expect(picks(tarotReading({ spread: 'celtic_cross', locale: 'en', allowReversed: true, seed: 'moon-43' }))).not.toEqual(picks(a));
    expect(new Set(a.cards.map((c) => c.card.id)).size).toBe(10);
  });

  it('pins the seeded stream so a change of algorithm is noticed (documented in docs/tarot-numerology.md)', () => {
    const reading = tarotReading({ spread: 'three_card', locale: 'en', allowReversed: true, seed: 'example' });
    expect(reading.cards.map((c) => `${c.card.id}:${c.orientation}`)).toEqual([
      'queen-of-wands:reversed',
      'five-of-cups:reversed',
      'four-of-cups:upright',
    ]);
  });

  it('never reverses when reversals are not allowed; reverses about half when they are', () => {
    let reversed = 0;
    for (let i = 0; i < 200; i++) {
      expect(
        tarotReading({ spread: 'horseshoe', locale: 'en', allowReversed: false }).cards.every((c) => c.orientation === 'upright'),
      ).toBe(true);
      reversed += tarotReading({ spread: 'single', locale: 'en', allowReversed: true }).cards.filter(
        (c) => c.orientation === 'reversed',
      ).length;
    }
    expect(reversed).toBeGreaterThan(60);
    expect(reversed).toBeLessThan(140);
  });

  it('draws uniformly: every card appears as the single card of seeded draws', () => {
    const counts = new Array(78).fill(0);
    for (let i = 0; i < 7800; i++) counts[drawIndexes(78, 1, seededSource(`s${i}`, 'uniformity'))[0]]++;
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(160);
  });

  it('writes the synthesis in the asked language', () => {
    const th = tarotReading({ spread: 'three_card', locale: 'th', allowReversed: false, seed: 'x' });
    expect(th.synthesis).toMatch(/[\u0E00-\u0E7F]/);
    expect(th.synthesis).not.toMatch(/[A-Za-z]{3,}/);
    expect(th.synthesis_localized.en).toMatch(/In the end, the future gathers the reading into/);
  });
});
