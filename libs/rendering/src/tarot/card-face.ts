import { escapeHtml, hexColour } from '../html';
import { emblem, Suit } from './emblems';
import { INK, PAPER } from './palette';
import { H, W } from './scenery';
import { n, rect } from './shapes';
import { cardPicture } from './pictures';

/** What a face needs to know of a card: its identity and its name in the edition's language. */
export interface FaceCard {
  id: string;
  arcana: 'major' | 'minor';
  suit: Suit | null;
  /** Major 0–21; minor 1 (Ace) … 10, 11 Page, 12 Knight, 13 Queen, 14 King */
  number: number;
  name: string;
}

export interface FaceOptions {
  /** the frame's colour (the brand's), default a deep indigo */
  frameColor?: string;
  /** drawn upside down, as the card lies on the table */
  reversed?: boolean;
}

/** The card in its own units: 300 × 520, the proportions of the 1909 deck (70 × 120 mm). */
export const CARD_W = 300;
export const CARD_H = 520;
const PICTURE_X = (CARD_W - W) / 2;
const PICTURE_Y = 58;
/** The deck's own frame colour when no brand colour is given. */
export const DEFAULT_FRAME = '#3b2f6b';
const SERIF = `'Noto Serif','Noto Serif Thai','DejaVu Serif',serif`;

/** A card number in Roman numerals, the trumps' 0 (the Fool) included. */
function roman(value: number): string {
  if (value === 0) return '0';
  let out = '';
  for (const [unit, letters] of [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ] as const)
    for (; value >= unit; value -= unit) out += letters;
  return out;
}

/** The number printed at the head of the card: Roman for the Major Arcana and the pips Two to Ten; an Ace and a court card show their suit instead. */
export function cardNumeral(card: Pick<FaceCard, 'arcana' | 'number'>): string | null {
  if (card.arcana === 'major') return roman(card.number);
  return card.number >= 2 && card.number <= 10 ? roman(card.number) : null;
}

/** Thai vowel and tone marks take no width of their own. */
const visibleLength = (text: string) => text.replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g, '').length;

function head(card: FaceCard, frame: string): string {
  const numeral = cardNumeral(card);
  const middle = CARD_W / 2;
  const rule = (x1: number, x2: number) => `<path d="M${x1} 33 H${x2}" stroke="${frame}" stroke-width="1.2" fill="none"/>`;
  const mark = numeral
    ? `<text x="${middle}" y="43" text-anchor="middle" font-family="${SERIF}" font-size="24" font-weight="bold" fill="${frame}">${numeral}</text>`
    : `<g stroke="${INK}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">${emblem(card.suit!, middle, 33, 30)}</g>`;
  const half = numeral ? 14 + numeral.length * 8 : 22;
  return rule(34, middle - half) + rule(middle + half, CARD_W - 34) + mark;
}

function foot(card: FaceCard): string {
  const size = Math.min(23, 236 / (visibleLength(card.name) * 0.56));
  return `<text x="${CARD_W / 2}" y="${PICTURE_Y + H + 42}" text-anchor="middle" font-family="${SERIF}" font-size="${n(size)}" fill="${INK}">${escapeHtml(card.name)}</text>`;
}

/** The card's drawing, without frame or lettering, in the picture box's own units (W × H). */
export function pictureSvg(card: Pick<FaceCard, 'id'>): string {
  return `<g stroke="${INK}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">${cardPicture(card.id)}</g>`;
}

/** The face's elements in card units (0 0 300 520), turned half round when reversed. */
function faceBody(card: FaceCard, options: FaceOptions): string {
  const frame = hexColour(options.frameColor, DEFAULT_FRAME);
  const body =
    rect(0, 0, CARD_W, CARD_H, frame, { rx: 16 }) +
    rect(8, 8, CARD_W - 16, CARD_H - 16, PAPER, { rx: 10 }) +
    rect(13, 13, CARD_W - 26, CARD_H - 26, 'none', { rx: 7, stroke: frame, 'stroke-width': 1.2 }) +
    head(card, frame) +
    `<svg x="${PICTURE_X}" y="${PICTURE_Y}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${pictureSvg(card)}</svg>` +
    rect(PICTURE_X, PICTURE_Y, W, H, 'none', { stroke: frame, 'stroke-width': 2.5 }) +
    foot(card);
  return options.reversed ? `<g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2})">${body}</g>` : body;
}

/** The card placed in a larger drawing: `width` wide with its top left corner at (x, y). */
export function cardFaceAt(card: FaceCard, x: number, y: number, width: number, options: FaceOptions = {}): string {
  const height = (width * CARD_H) / CARD_W;
  return `<svg x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${CARD_W} ${CARD_H}" class="tarot-card" data-card="${escapeHtml(card.id)}"${
    options.reversed ? ' data-reversed="true"' : ''
  }>${faceBody(card, options)}</svg>`;
}

/** One card as a standalone SVG document, `width` pixels wide. */
export function cardFaceSvg(card: FaceCard, options: FaceOptions & { width?: number } = {}): string {
  const width = options.width ?? CARD_W;
  const height = Math.round((width * CARD_H) / CARD_W);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_W} ${CARD_H}">${faceBody(card, options)}</svg>`;
}
