import chartLabelsEn from '../content/chart-labels.en.json';
import chartLabelsTh from '../content/chart-labels.th.json';
import { NAKSHATRAS } from './nakshatra';

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
  /** The rasi chart only: degrees within the sign and the nakshatra with its pada, printed in the cell. */
  detail?: { degree: number; nakshatra: string; pada: number };
}

const SIZE = 400;
/**
 * The words a chart prints, per language (content/chart-labels.*.json): body and lagna labels, the
 * retrograde mark, the signs of the South Indian cells, the nakshatras' short names (as JHora prints
 * them in English; whole in Thai, which has no customary abbreviation) and the varga names.
 */
export type ChartLabels = typeof chartLabelsEn;
export type ChartLanguage = 'en' | 'th';
const CHART_LABELS: Record<ChartLanguage, ChartLabels> = { en: chartLabelsEn, th: chartLabelsTh };
export const chartLabels = (language: ChartLanguage = 'en'): ChartLabels => CHART_LABELS[language];

/** The usual short label of a body ("Su", in Thai "อาทิตย์"), with the retrograde mark when retrograde. */
export function bodyLabel(body: string, retrograde: boolean, labels: ChartLabels = chartLabelsEn): string {
  const name = (labels.bodies as Record<string, string>)[body] ?? body;
  return `${name}${retrograde && body !== 'Rahu' && body !== 'Ketu' ? labels.retrograde : ''}`;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 25°49′ from 25.8167 (minutes rounded down, so 29°59′59″ never prints as 30°00′). */
export function degreesMinutes(degree: number): string {
  const totalMinutes = Math.floor(degree * 60 + 1e-9);
  return `${Math.floor(totalMinutes / 60)}°${String(totalMinutes % 60).padStart(2, '0')}′`;
}

/**
 * A body's lines: its label, then (rasi chart) degrees and nakshatra-pada, "Su 25°49′ PBh3" on one
 * line, or on two ("Su 25°49′", "PBh3") where the cell is tall and narrow.
 */
type Line = { text: string; minor?: boolean };

function bodyLines(body: ChartBody, labels: ChartLabels, narrow = false): Line[] {
  if (!body.detail) return [{ text: body.label }];
  const { degree, nakshatra, pada } = body.detail;
  const first = `${body.label} ${degreesMinutes(degree)}`;
  const index = (NAKSHATRAS as readonly string[]).indexOf(nakshatra);
  // Thai nakshatra names are whole words, too long for the line of the degrees: always a line of their own.
  const whole = labels !== chartLabelsEn;
  const second = whole ? `${labels.nakshatras[index] ?? nakshatra} ${pada}` : `${labels.nakshatras[index] ?? nakshatra}${pada}`;
  return narrow || whole ? [{ text: first }, { text: second, minor: true }] : [{ text: `${first} ${second}` }];
}

/** Lines centred on (x, y); detailed lines are smaller and closer, so a crowded cell stays inside its borders. */
function labels(x: number, y: number, lines: Line[], detailed: boolean): string {
  const step = detailed ? (lines.length > 4 ? 11 : 12.5) : 15;
  const size = detailed ? (lines.length > 4 ? 9.5 : 10.5) : 13;
  const top = y - ((lines.length - 1) * step) / 2;
  // a nakshatra on its own line is smaller and grey, so it reads as part of the body above it
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${top + i * step}" text-anchor="middle" dominant-baseline="middle" font-size="${l.minor ? size - 1.5 : size}"${
          l.minor ? ' fill="#666"' : ''
        }>${escapeXml(l.text)}</text>`,
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

// The side triangles of the North Indian diagram (houses 3, 5, 9 and 11) are tall and narrow: a
// detailed body takes two lines there, moved a little outwards, clear of the sign number.
const NORTH_SIDE_HOUSES: Record<number, number> = { 2: -8, 4: -8, 8: 8, 10: 8 };

function north(lagna: ChartBody, bodies: ChartBody[], title: string, words: ChartLabels): string {
  const detailed = bodies.some((b) => b.detail);
  const cells = NORTH_CENTRES.map(([x, y], h) => {
    const sign = (lagna.sign + h) % 12;
    const [nx, ny] = NORTH_SIGN_NUMBER[h];
    const side = NORTH_SIDE_HOUSES[h];
    const inHouse = [...(h === 0 ? [lagna] : []), ...bodies.filter((b) => b.sign === sign)].flatMap((b) =>
      bodyLines(b, words, side !== undefined),
    );
    return (
      `<g data-house="${h + 1}" data-sign="${sign + 1}">` +
      `<text x="${nx}" y="${ny}" text-anchor="middle" dominant-baseline="middle" font-size="11" fill="#a33">${sign + 1}</text>` +
      labels(x + (detailed && side !== undefined ? side : 0), y, inHouse, detailed) +
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

function south(lagna: ChartBody, bodies: ChartBody[], title: string, words: ChartLabels): string {
  const lagnaSign = lagna.sign;
  const detailed = bodies.some((b) => b.detail);
  const cell = SIZE / 4;
  const cells = SOUTH_CELLS.map(([c, r], sign) => {
    const x = c * cell;
    const y = r * cell;
    const inSign = [...(sign === lagnaSign ? [lagna] : []), ...bodies.filter((b) => b.sign === sign)].flatMap((b) => bodyLines(b, words));
    const house = ((sign - lagnaSign + 12) % 12) + 1;
    const lagnaMark = sign === lagnaSign ? `<path d="M${x} ${y + 30} L${x + 30} ${y}" stroke="#a33" stroke-width="1.5"/>` : '';
    return (
      `<g data-house="${house}" data-sign="${sign + 1}">` +
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="#fffdf5" stroke="#333" stroke-width="1.5"/>` +
      lagnaMark +
      `<text x="${x + cell - 6}" y="${y + 12}" text-anchor="end" font-size="10" fill="#a33">${escapeXml(words.signs[sign])}</text>` +
      labels(x + cell / 2, y + cell / 2 + 5, inSign, detailed) +
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

/**
 * A North or South Indian chart of one varga: the lagna's sign and the sign of each body in it; a
 * lagna or body with `detail` (the rasi chart) also prints its degrees and nakshatra-pada.
 */
export function chartSvg(
  style: ChartStyle,
  lagna: number | ChartBody,
  bodies: ChartBody[],
  title: string,
  words: ChartLabels = chartLabelsEn,
): string {
  const asc: ChartBody = typeof lagna === 'number' ? { label: words.lagna, sign: lagna } : lagna;
  return style === 'north' ? north(asc, bodies, title, words) : south(asc, bodies, title, words);
}
