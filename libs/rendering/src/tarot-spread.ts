import { escapeHtml } from './html';

/**
 * A tarot spread as an SVG figure: the cards in a row, each with its position above, its number and
 * the suit's emblem (wands ♣, cups ♥, swords ♠, pentacles ♦ as on playing cards, a star for the major
 * arcana) and its name; a reversed card has its emblem upside down and the word for it underneath.
 */
export type TarotEmblem = 'major' | 'wands' | 'cups' | 'swords' | 'pentacles';

export interface SpreadCard {
  position: string;
  name: string;
  /** Roman numeral of a major card, rank of a minor one (e.g. "XVII", "3", "Queen") */
  numeral: string;
  emblem: TarotEmblem;
  reversed: boolean;
}

const EMBLEMS: Record<TarotEmblem, { glyph: string; colour: string }> = {
  major: { glyph: '★', colour: '#b8860b' },
  wands: { glyph: '♣', colour: '#2e7d32' },
  cups: { glyph: '♥', colour: '#c62828' },
  swords: { glyph: '♠', colour: '#37474f' },
  pentacles: { glyph: '♦', colour: '#a07a00' },
};

const CARD_W = 150;
const CARD_H = 240;
const GAP = 30;

/** A name in at most two lines of about `max` characters, split at spaces (Thai names stay whole). */
function nameLines(name: string, max = 16): string[] {
  if (name.length <= max || !name.includes(' ')) return [name];
  const words = name.split(' ');
  let first = '';
  while (words.length > 1 && (first + ' ' + words[0]).trim().length <= max) first = (first + ' ' + words.shift()).trim();
  return first ? [first, words.join(' ')] : [name];
}

export function tarotSpreadSvg(cards: SpreadCard[], options: { color: string; reversedLabel: string }): string {
  const width = cards.length * CARD_W + (cards.length + 1) * GAP;
  const height = CARD_H + 84;
  const parts = cards.map((card, i) => {
    const x = GAP + i * (CARD_W + GAP);
    const y = 34;
    const cx = x + CARD_W / 2;
    const cy = y + CARD_H / 2;
    const emblem = EMBLEMS[card.emblem];
    const lines = nameLines(card.name);
    const size = Math.max(...lines.map((l) => l.length)) > 16 ? 11.5 : 13.5;
    // the emblem turns for a reversed card; the number and the name stay upright so they can be read
    const numeral = `<text x="${cx}" y="${y + 36}" text-anchor="middle" font-size="18" font-weight="bold" fill="${options.color}">${escapeHtml(card.numeral)}</text>`;
    const picture =
      `<circle cx="${cx}" cy="${cy - 14}" r="42" fill="${emblem.colour}" fill-opacity="0.1" stroke="${emblem.colour}" stroke-width="1.5"/>` +
      `<text x="${cx}" y="${cy + 3}" text-anchor="middle" font-size="48" fill="${emblem.colour}">${emblem.glyph}</text>`;
    const name = lines
      .map(
        (l, k) =>
          `<text x="${cx}" y="${y + CARD_H - 46 + k * 17 + (lines.length === 1 ? 8 : 0)}" text-anchor="middle" font-size="${size}" fill="#222">${escapeHtml(l)}</text>`,
      )
      .join('');
    return (
      `<text x="${cx}" y="22" text-anchor="middle" font-size="13" font-weight="bold" fill="#444">${escapeHtml(card.position)}</text>` +
      `<rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="10" fill="#fffdf7" stroke="${options.color}" stroke-width="3"/>` +
      `<rect x="${x + 7}" y="${y + 7}" width="${CARD_W - 14}" height="${CARD_H - 14}" rx="6" fill="none" stroke="${options.color}" stroke-opacity="0.35"/>` +
      numeral +
      (card.reversed ? `<g transform="rotate(180 ${cx} ${cy - 14})">${picture}</g>` : picture) +
      name +
      (card.reversed
        ? `<text x="${cx}" y="${y + CARD_H + 22}" text-anchor="middle" font-size="12" font-style="italic" fill="#b03a2e">${escapeHtml(options.reversedLabel)}</text>`
        : '')
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="'Noto Sans','Noto Sans Thai','DejaVu Sans',sans-serif">` +
    `<rect width="${width}" height="${height}" fill="#fff"/>${parts.join('')}</svg>`
  );
}
