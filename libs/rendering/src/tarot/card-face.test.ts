import sharp from 'sharp';
import { DECK, TarotCard, TarotLocale } from '@astro/tarot';
import { escapeHtml } from '../html';
import { cardFaceSvg, CARD_H, CARD_W, cardNumeral, FaceCard, pictureSvg } from './card-face';
import { H, W } from './scenery';

const faceOf = (card: TarotCard, locale: TarotLocale = 'en'): FaceCard => ({ ...card, name: card.name[locale] });

/** An SVG rasterised by librsvg (sharp) to raw RGB pixels `width` wide. */
async function pixels(svg: string, width: number, nativeWidth: number): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg), { density: (72 * width) / nativeWidth })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The share of pixels whose colour differs by more than `threshold` in some channel. */
function differingShare(a: Buffer, b: Buffer, threshold = 40): number {
  let differing = 0;
  for (let i = 0; i < a.length; i += 3)
    if (Math.abs(a[i] - b[i]) > threshold || Math.abs(a[i + 1] - b[i + 1]) > threshold || Math.abs(a[i + 2] - b[i + 2]) > threshold)
      differing++;
  return differing / (a.length / 3);
}

const standalonePicture = (id: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${pictureSvg({ id })}</svg>`;

describe('the card faces', () => {
  it('draw 78 different pictures: no two cards share a drawing, in their SVG or in their pixels', async () => {
    expect(DECK).toHaveLength(78);
    const drawings = DECK.map((card) => pictureSvg(card));
    expect(new Set(drawings).size).toBe(78);
    // the pictures alone (no frame, number or name), rasterised to thumbnails 33 pixels wide: every pair differs in at least 5 % of its pixels
    const rasters = await Promise.all(DECK.map((card) => pixels(standalonePicture(card.id), 33, W)));
    let closest = { share: 1, pair: '' };
    for (let i = 0; i < rasters.length; i++)
      for (let j = i + 1; j < rasters.length; j++) {
        const share = differingShare(rasters[i].data, rasters[j].data);
        if (share < closest.share) closest = { share, pair: `${DECK[i].id} / ${DECK[j].id}` };
      }
    expect(closest.share).toBeGreaterThan(0.05);
  });

  it('draw the four suits as Wands, Cups, Swords and Pentacles, never as playing-card suits', () => {
    for (const card of DECK) {
      const svg = cardFaceSvg(faceOf(card));
      expect(svg).not.toMatch(/[\u2660-\u2667]/);
    }
    // the suit's own emblem is drawn at the head of every Ace and court card instead of a number
    expect(cardFaceSvg(faceOf(DECK.find((c) => c.id === 'queen-of-cups')!))).toMatch(/^(?:(?!<svg x=).)*class="pip-cups"/);
  });

  it('show each numbered card’s count of its suit’s emblems, Ace to Ten, as the 1909 deck does', () => {
    for (const card of DECK.filter((c) => c.arcana === 'minor' && c.number <= 10)) {
      const drawing = pictureSvg(card);
      expect([card.id, drawing.split(`class="pip-${card.suit}"`).length - 1]).toEqual([card.id, card.number]);
    }
  });

  it('give the Major Arcana their traditional symbols (a sample checked by element)', () => {
    const magician = pictureSvg({ id: 'the-magician' });
    for (const suit of ['wands', 'cups', 'swords', 'pentacles']) expect(magician).toContain(`class="pip-${suit}"`);
    expect(pictureSvg({ id: 'the-high-priestess' })).toMatch(/>B<\/text>.*>J<\/text>.*>TORA<\/text>/);
    expect(pictureSvg({ id: 'wheel-of-fortune' })).toMatch(/>T<\/text>.*>A<\/text>.*>R<\/text>.*>O<\/text>/);
    expect(pictureSvg({ id: 'justice' })).toContain('class="pip-swords"');
  });

  it('print the number and the name in the edition’s language: Roman numerals for the trumps and the pips, Thai names in Thai', () => {
    for (const locale of ['en', 'th'] as const)
      for (const card of DECK) {
        const svg = cardFaceSvg(faceOf(card, locale));
        expect(svg).toContain(`>${escapeHtml(card.name[locale])}</text>`);
        const numeral = cardNumeral(card);
        if (numeral) expect(svg).toContain(`>${numeral}</text>`);
      }
    expect(cardNumeral({ arcana: 'major', number: 17 })).toBe('XVII');
    expect(cardNumeral({ arcana: 'major', number: 0 })).toBe('0');
    expect(cardNumeral({ arcana: 'minor', number: 9 })).toBe('IX');
    expect(cardNumeral({ arcana: 'minor', number: 1 })).toBeNull();
    expect(cardNumeral({ arcana: 'minor', number: 13 })).toBeNull();
    expect(
      cardFaceSvg(
        faceOf(
          DECK.find((c) => c.id === 'the-star')!,
          'th',
        ),
      ),
    ).toContain('>ดวงดาว</text>');
  });

  it('draw a reversed card upside down: its pixels are the upright card’s turned half round', async () => {
    for (const id of ['the-tower', 'three-of-cups', 'king-of-swords']) {
      const card = faceOf(DECK.find((c) => c.id === id)!);
      const upright = await pixels(cardFaceSvg(card, { width: CARD_W }), CARD_W, CARD_W);
      const reversed = await pixels(cardFaceSvg(card, { width: CARD_W, reversed: true }), CARD_W, CARD_W);
      expect(reversed.height).toBe(CARD_H);
      const turned = await sharp(upright.data, { raw: { width: upright.width, height: upright.height, channels: 3 } })
        .rotate(180)
        .raw()
        .toBuffer();
      expect(differingShare(reversed.data, turned)).toBeLessThan(0.01);
      expect(differingShare(reversed.data, upright.data)).toBeGreaterThan(0.2);
    }
  });

  it('take the brand colour for the frame and encode what they print', () => {
    const card = faceOf(DECK[0]);
    expect(cardFaceSvg(card, { frameColor: '#0a7e5c' })).toContain('fill="#0a7e5c"');
    const hostile = cardFaceSvg({ ...card, name: '<script>alert(1)</script>' }, { frameColor: '"/><script>' });
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('&lt;script&gt;');
  });
});
