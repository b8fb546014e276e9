import { orientationName, TarotLocale, TarotReading } from '@astro/tarot';
import { escapeHtml, hexColour } from '../html';
import { cardFaceAt, CARD_H, CARD_W, DEFAULT_FRAME, FaceCard } from './card-face';

/**
 * A tarot spread as an SVG figure: the cards' own faces laid out as the spread is laid on the table
 * (the Celtic Cross as a cross and a staff, the horseshoe as a horseshoe), each numbered and named by
 * its position underneath; a reversed card lies upside down, and the word for it is written under
 * its position.
 */
export interface SpreadCard {
  position: string;
  card: FaceCard;
  reversed: boolean;
}

export type SpreadLayout = 'single' | 'three_card' | 'celtic_cross' | 'relationship' | 'horseshoe';

/** A card's place on the table in slots (a slot is a card and its label), its centre; `crossing` lies across the card before it. */
type Slot = { x: number; y: number; crossing?: boolean };

const SLOTS: Record<SpreadLayout, Slot[]> = {
  single: [{ x: 0, y: 0 }],
  three_card: [-1, 0, 1].map((x) => ({ x, y: 0 })),
  // you, the other person, the connection between them, the challenge above, the potential below
  relationship: [
    { x: -1, y: 0 },
    { x: 1, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: -1 },
    { x: 0, y: 1 },
  ],
  horseshoe: [0, 0.45, 0.8, 0.95, 0.8, 0.45, 0].map((y, i) => ({ x: i - 3, y })),
  // Waite's order (Pictorial Key III §7): covering, crossing, beneath, behind, crowning, before; then
  // the staff from the bottom up. The cross is spaced wider than a row so the card lying across the
  // first clears its neighbours, and the card beneath clears the two names written under the centre.
  celtic_cross: [
    { x: 0, y: 0 },
    { x: 0, y: 0, crossing: true },
    { x: 0, y: 1.2 },
    { x: -1.25, y: 0 },
    { x: 0, y: -1 },
    { x: 1.25, y: 0 },
    { x: 2.75, y: 1.5 },
    { x: 2.75, y: 0.5 },
    { x: 2.75, y: -0.5 },
    { x: 2.75, y: -1.5 },
  ],
};

const CARD_WIDTH = 150;
const CARD_HEIGHT = (CARD_WIDTH * CARD_H) / CARD_W;
const LABEL = 48;
const SLOT_W = CARD_WIDTH + 40;
const SLOT_H = CARD_HEIGHT + LABEL + 16;
const MARGIN = 16;
const FONT = `'Noto Sans','Noto Sans Thai','DejaVu Sans',sans-serif`;

function label(x: number, y: number, lines: { text: string; reversed?: boolean }[]): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + 16 + i * 17}" text-anchor="middle" font-size="${line.reversed ? 12 : 13}"${
          line.reversed ? ' font-style="italic" fill="#b03a2e"' : ' font-weight="bold" fill="#333"'
        }>${escapeHtml(line.text)}</text>`,
    )
    .join('');
}

export function tarotSpreadSvg(cards: SpreadCard[], options: { layout: SpreadLayout; color?: string; reversedLabel: string }): string {
  const slots = SLOTS[options.layout].slice(0, cards.length);
  const xs = slots.map((s) => s.x);
  const ys = slots.map((s) => s.y);
  const left = Math.min(...xs) * SLOT_W - SLOT_W / 2;
  const top = Math.min(...ys) * SLOT_H - SLOT_H / 2;
  const width = (Math.max(...xs) - Math.min(...xs) + 1) * SLOT_W + 2 * MARGIN;
  const height = (Math.max(...ys) - Math.min(...ys) + 1) * SLOT_H + 2 * MARGIN;
  const color = hexColour(options.color, DEFAULT_FRAME);
  const parts = cards.map((spread, i) => {
    const slot = slots[i];
    const cx = slot.x * SLOT_W - left + MARGIN;
    const cardTop = slot.y * SLOT_H - top - SLOT_H / 2 + MARGIN + 8;
    const cy = cardTop + CARD_HEIGHT / 2;
    const face = cardFaceAt(spread.card, cx - CARD_WIDTH / 2, cardTop, CARD_WIDTH, { frameColor: color, reversed: spread.reversed });
    const numbered = `${i + 1} · ${spread.position}`;
    const lines = [{ text: numbered }, ...(spread.reversed ? [{ text: options.reversedLabel, reversed: true }] : [])];
    if (slot.crossing) {
      // the crossing card lies across the covering card; its name goes under the covering card's
      const below = cardTop + CARD_HEIGHT + (cards[i - 1].reversed ? 17 : 0);
      return `<g transform="rotate(90 ${cx} ${cy})">${face}</g>${label(cx, below + 17, lines)}`;
    }
    return face + label(cx, cardTop + CARD_HEIGHT, lines);
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${Math.round(height)}" viewBox="0 0 ${Math.round(width)} ${Math.round(height)}" font-family="${FONT}">` +
    `<rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`
  );
}

/** A reading's spread as the figure, in the reading's language: the position names and the cards' names of `locale`; the frames in `color` (a brand's), else the deck's indigo. */
export function tarotReadingSvg(reading: TarotReading, options: { locale: TarotLocale; color?: string }): string {
  const cards: SpreadCard[] = reading.cards.map((drawn) => ({
    position: drawn.position.name[options.locale],
    card: { ...drawn.card, name: drawn.card.name[options.locale] },
    reversed: drawn.orientation === 'reversed',
  }));
  return tarotSpreadSvg(cards, {
    layout: reading.spread,
    color: options.color,
    reversedLabel: orientationName('reversed', options.locale),
  });
}
