import { SIGN_NAMES } from './graha-rules';

/**
 * North and South Indian chart diagrams as standalone SVG (docs/vedic.md, "Chart images").
 * North Indian: the houses are fixed (the 1st in the top diamond, then counter-clockwise) and each
 * house shows the number of the sign it holds. South Indian: the signs are fixed (Pisces top left,
 * then clockwise from Aries) and the lagna's sign carries a diagonal stroke and "Asc".
 * Every house or sign cell is a `<g>` with `data-house` and `data-sign` (1–12, Aries = 1).
 */

export type ChartStyle = 'north' | 'south';
export interface ChartBody {
  /** Short label, e.g. "Su" or "Ma(R)". */
  label: string;
  /** Sign index 0 (Aries) … 11 (Pisces). */
  sign: number;
}

const SIZE = 400;
const ABBREVIATIONS: Record<string, string> = {
  Sun: 'Su',
  Moon: 'Mo',
  Mars: 'Ma',
  Mercury: 'Me',
  Jupiter: 'Ju',
  Venus: 'Ve',
  Saturn: 'Sa',
  Rahu: 'Ra',
  Ketu: 'Ke',
};

/** The usual two-letter label of a body, with (R) when retrograde. */
export function bodyLabel(body: string, retrograde: boolean): string {
  return `${ABBREVIATIONS[body] ?? body}${retrograde && body !== 'Rahu' && body !== 'Ketu' ? '(R)' : ''}`;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function labels(x: number, y: number, lines: string[]): string {
  const step = 15;
  const top = y - ((lines.length - 1) * step) / 2;
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${top + i * step}" text-anchor="middle" dominant-baseline="middle" font-size="13">${escapeXml(l)}</text>`,
    )
    .join('');
}

// Centres of the twelve houses of the North Indian diagram, the 1st (top diamond) first, counter-clockwise.
const NORTH_CENTRES: [number, number][] = [
  [200, 105],
  [100, 45],
  [45, 100],
  [105, 200],
  [45, 300],
  [100, 355],
  [200, 295],
  [300, 355],
  [355, 300],
  [295, 200],
  [355, 100],
  [300, 45],
];
// Where each house writes its sign number: near the centre of the chart, inside the house.
const NORTH_SIGN_NUMBER: [number, number][] = [
  [200, 175],
  [100, 85],
  [85, 100],
  [175, 200],
  [85, 300],
  [100, 315],
  [200, 225],
  [300, 315],
  [315, 300],
  [225, 200],
  [315, 100],
  [300, 85],
];

function north(lagnaSign: number, bodies: ChartBody[], title: string): string {
  const cells = NORTH_CENTRES.map(([x, y], h) => {
    const sign = (lagnaSign + h) % 12;
    const [nx, ny] = NORTH_SIGN_NUMBER[h];
    const inHouse = bodies.filter((b) => b.sign === sign).map((b) => b.label);
    return (
      `<g data-house="${h + 1}" data-sign="${sign + 1}">` +
      `<text x="${nx}" y="${ny}" text-anchor="middle" dominant-baseline="middle" font-size="11" fill="#a33">${sign + 1}</text>` +
      labels(x, y, h === 0 ? ['Asc', ...inHouse] : inHouse) +
      '</g>'
    );
  });
  const lines =
    `<rect x="0" y="0" width="${SIZE}" height="${SIZE}" fill="#fffdf5" stroke="#333" stroke-width="2"/>` +
    `<path d="M0 0 L400 400 M400 0 L0 400 M200 0 L400 200 L200 400 L0 200 Z" fill="none" stroke="#333" stroke-width="1.5"/>`;
  return wrap(title, lines + cells.join(''));
}

// Grid cell (column, row) of each sign in the South Indian diagram, Aries first.
const SOUTH_CELLS: [number, number][] = [
  [1, 0],
  [2, 0],
  [3, 0],
  [3, 1],
  [3, 2],
  [3, 3],
  [2, 3],
  [1, 3],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
];

function south(lagnaSign: number, bodies: ChartBody[], title: string): string {
  const cell = SIZE / 4;
  const cells = SOUTH_CELLS.map(([c, r], sign) => {
    const x = c * cell;
    const y = r * cell;
    const inSign = bodies.filter((b) => b.sign === sign).map((b) => b.label);
    const house = ((sign - lagnaSign + 12) % 12) + 1;
    const lagnaMark = sign === lagnaSign ? `<path d="M${x} ${y + 30} L${x + 30} ${y}" stroke="#a33" stroke-width="1.5"/>` : '';
    return (
      `<g data-house="${house}" data-sign="${sign + 1}">` +
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="#fffdf5" stroke="#333" stroke-width="1.5"/>` +
      lagnaMark +
      `<text x="${x + cell - 6}" y="${y + 12}" text-anchor="end" font-size="10" fill="#a33">${SIGN_NAMES[sign].slice(0, 3)}</text>` +
      labels(x + cell / 2, y + cell / 2 + 5, sign === lagnaSign ? ['Asc', ...inSign] : inSign) +
      '</g>'
    );
  });
  const centre = `<text x="200" y="200" text-anchor="middle" dominant-baseline="middle" font-size="16">${escapeXml(title)}</text>`;
  return wrap(title, cells.join('') + centre);
}

function wrap(title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" font-family="sans-serif">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** A North or South Indian chart of one varga: the lagna's sign and the sign of each body in it. */
export function chartSvg(style: ChartStyle, lagnaSign: number, bodies: ChartBody[], title: string): string {
  return style === 'north' ? north(lagnaSign, bodies, title) : south(lagnaSign, bodies, title);
}
