import { readingOfCards, SPREADS, spreadPositions, tarotReading } from '@astro/tarot';
import { tarotReadingSvg } from './tarot-spread';

/** The nested card drawings of a figure: where each lies, whether it is turned, and which card it is. */
function placedCards(svg: string) {
  return [
    ...svg.matchAll(
      /(<g transform="rotate\(90 [\d.]+ [\d.]+\)">)?<svg x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" viewBox="0 0 300 520" class="tarot-card" data-card="([a-z-]+)"( data-reversed="true")?>/g,
    ),
  ].map((m) => ({ crossing: !!m[1], x: +m[2], y: +m[3], w: +m[4], h: +m[5], id: m[6], reversed: !!m[7] }));
}

describe('the spread figure', () => {
  it('lays out every card of every spread with its own face, none covering another except the crossing card', () => {
    for (const spread of SPREADS) {
      const reading = tarotReading({ spread, locale: 'en', allowReversed: true, seed: `figure-${spread}` });
      const cards = placedCards(tarotReadingSvg(reading, { locale: 'en' }));
      expect(cards.map((c) => c.id)).toEqual(reading.cards.map((c) => c.card.id));
      expect(cards.map((c) => c.reversed)).toEqual(reading.cards.map((c) => c.orientation === 'reversed'));
      const flat = cards.filter((c) => !c.crossing);
      for (let i = 0; i < flat.length; i++)
        for (let j = i + 1; j < flat.length; j++) {
          const [a, b] = [flat[i], flat[j]];
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          expect([spread, a.id, b.id, apart]).toEqual([spread, a.id, b.id, true]);
        }
    }
  });

  it('draws the Celtic Cross as a cross and a staff, in Waite’s order: the second card across the first, the staff on the right from the bottom up', () => {
    const reading = tarotReading({ spread: 'celtic_cross', locale: 'en', allowReversed: false, seed: 'cross' });
    const [covering, crossing, beneath, behind, crowning, before, ...staff] = placedCards(tarotReadingSvg(reading, { locale: 'en' }));
    expect(crossing.crossing).toBe(true);
    expect([crossing.x, crossing.y]).toEqual([covering.x, covering.y]);
    expect(beneath.y).toBeGreaterThan(covering.y);
    expect(crowning.y).toBeLessThan(covering.y);
    expect(behind.x).toBeLessThan(covering.x);
    expect(before.x).toBeGreaterThan(covering.x);
    expect(staff.every((c) => c.x > before.x)).toBe(true);
    expect(staff.map((c) => c.y)).toEqual([...staff.map((c) => c.y)].sort((a, b) => b - a));
  });

  it('names each position under its card, numbered, in the reading’s language, and marks a reversed card', () => {
    const picks = [
      { id: 'the-star', orientation: 'upright' as const },
      { id: 'five-of-cups', orientation: 'reversed' as const },
      { id: 'king-of-wands', orientation: 'upright' as const },
    ];
    const reading = readingOfCards({ spread: 'three_card', locale: 'th', allowReversed: true }, picks);
    const svg = tarotReadingSvg(reading, { locale: 'th', color: '#0a7e5c' });
    spreadPositions('three_card').forEach((p, i) => expect(svg).toContain(`>${i + 1} · ${p.name.th}</text>`));
    expect(svg.match(/>กลับหัว<\/text>/g)).toHaveLength(1);
    expect(svg).toContain('>ห้าถ้วย</text>');
    expect(svg).toContain('fill="#0a7e5c"');
    // the reversed card is drawn turned half round inside its box
    const reversedCard = svg.slice(svg.indexOf('data-card="five-of-cups"'));
    expect(reversedCard.slice(0, 400)).toContain('<g transform="rotate(180 150 260)">');
  });
});
