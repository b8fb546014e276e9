import { escapeHtml } from './html';

/**
 * The four pillars of a Saju or BaZi chart as one designed SVG figure, as the better BaZi apps draw
 * them: one column per pillar (hour, day, month, year: the classical right-to-left reading order),
 * each stem and branch a tile in its element's colour with the ten god above and the hidden stems
 * below, then the five-element balance and the ten-year luck pillars on a timeline with the current
 * one marked. The drawing takes plain labels (pillar-grid-of.ts builds them from a chart), so it
 * knows no calculation and every string in it is encoded here.
 */
export type FiveElement = 'Wood' | 'Fire' | 'Earth' | 'Metal' | 'Water';

/** The colours BaZi apps give the five elements: wood green, fire red, earth brown, metal gold, water blue. */
export const ELEMENT_COLOURS: Record<FiveElement, string> = {
  Wood: '#2e7d32',
  Fire: '#c62828',
  Earth: '#8d5a2b',
  Metal: '#a07a00',
  Water: '#1565c0',
};

export interface GridGlyph {
  /** one Chinese character */
  char: string;
  element: FiveElement;
  /** the line under the character, e.g. "Yang Wood · Gap" */
  caption: string;
}

export interface GridPillar {
  heading: string;
  /** the stem's ten god seen from the day master (the day column names the day master itself) */
  god: string;
  stem: GridGlyph;
  branch: GridGlyph;
  hidden: { char: string; element: FiveElement; god: string }[];
  /** further rows (na yin, life stage), one string per row, in the order of `GridLabels.extraRows` */
  extra: string[];
}

export interface GridLuckCell {
  stem: { char: string; element: FiveElement };
  branch: { char: string; element: FiveElement };
  /** e.g. "age 8" */
  ageLabel: string;
  /** e.g. "1993" */
  yearLabel: string;
  god: string;
}

export interface GridLabels {
  title: string;
  subtitle: string;
  rows: { god: string; stem: string; branch: string; hidden: string };
  extraRows: string[];
  elementBalance: string;
  elementNames: Record<FiveElement, string>;
  luck: string;
}

export interface PillarGridInput {
  labels: GridLabels;
  /** hour, day, month, year */
  pillars: GridPillar[];
  elementCounts: Record<FiveElement, number>;
  luck: GridLuckCell[];
  /** the luck pillar in force at the reading's date, with its label ("now, age 41"); null: none */
  current: { index: number; label: string } | null;
  /** the brand colour of headings and the current-pillar mark */
  color: string;
  /** the CJK face first: Korean forms for Saju, simplified Chinese for BaZi */
  cjkFont: 'Noto Sans CJK KR' | 'Noto Sans CJK SC';
}

const WIDTH = 720;
const LABEL_WIDTH = 104;
const COLUMN = (WIDTH - LABEL_WIDTH - 16) / 4;
const ELEMENTS: FiveElement[] = ['Wood', 'Fire', 'Earth', 'Metal', 'Water'];

const text = (x: number, y: number, value: string, attrs: string) => `<text x="${r(x)}" y="${r(y)}" ${attrs}>${escapeHtml(value)}</text>`;
const r = (v: number) => Math.round(v * 10) / 10;

/** Words in lines of at most about `max` characters (a text without spaces, Thai or Chinese, stays one line). */
function wrap(value: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of value.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + ' ' + word).length <= max) lines[last] += ' ' + word;
    else lines.push(word);
  }
  return lines;
}

function tile(x: number, y: number, w: number, h: number, glyph: GridGlyph): string {
  const colour = ELEMENT_COLOURS[glyph.element];
  return (
    `<rect x="${r(x + 6)}" y="${r(y + 3)}" width="${r(w - 12)}" height="${r(h - 6)}" rx="8" fill="${colour}" fill-opacity="0.1" stroke="${colour}" stroke-width="1.5"/>` +
    text(x + w / 2, y + 52, glyph.char, `font-size="44" font-weight="bold" text-anchor="middle" fill="${colour}"`) +
    text(x + w / 2, y + h - 12, glyph.caption, `font-size="11.5" text-anchor="middle" fill="#333"`)
  );
}

function grid(input: PillarGridInput, top: number): { svg: string; bottom: number } {
  const { labels, pillars } = input;
  const x0 = 8 + LABEL_WIDTH;
  const rowLabel = (y: number, value: string) => text(8, y, value, `font-size="11.5" fill="#666"`);
  const parts: string[] = [];
  let y = top;
  // headings
  parts.push(`<rect x="${x0}" y="${y}" width="${COLUMN * 4}" height="26" rx="4" fill="${input.color}"/>`);
  pillars.forEach((p, i) =>
    parts.push(text(x0 + i * COLUMN + COLUMN / 2, y + 18, p.heading, `font-size="13" font-weight="bold" text-anchor="middle" fill="#fff"`)),
  );
  y += 26;
  // ten god of the stem
  parts.push(rowLabel(y + 17, labels.rows.god));
  pillars.forEach((p, i) =>
    parts.push(text(x0 + i * COLUMN + COLUMN / 2, y + 17, p.god, `font-size="12" text-anchor="middle" fill="#333"`)),
  );
  y += 24;
  // stems and branches
  parts.push(rowLabel(y + 48, labels.rows.stem));
  pillars.forEach((p, i) => parts.push(tile(x0 + i * COLUMN, y, COLUMN, 86, p.stem)));
  y += 86;
  parts.push(rowLabel(y + 48, labels.rows.branch));
  pillars.forEach((p, i) => parts.push(tile(x0 + i * COLUMN, y, COLUMN, 86, p.branch)));
  y += 90;
  // hidden stems, one line each: the stem in its colour, then its ten god
  const hiddenRows = Math.max(...pillars.map((p) => p.hidden.length));
  parts.push(rowLabel(y + 15, labels.rows.hidden));
  pillars.forEach((p, i) =>
    p.hidden.forEach((h, k) => {
      const cx = x0 + i * COLUMN + 14;
      const cy = y + 16 + k * 19;
      parts.push(text(cx, cy, h.char, `font-size="15" font-weight="bold" fill="${ELEMENT_COLOURS[h.element]}"`));
      parts.push(text(cx + 20, cy - 1, h.god, `font-size="11" fill="#444"`));
    }),
  );
  y += hiddenRows * 19 + 8;
  // extra rows (BaZi: na yin, life stage), each value wrapped to the column
  labels.extraRows.forEach((label, k) => {
    const cells = pillars.map((p) => wrap(p.extra[k] ?? '', 24));
    const lines = Math.max(...cells.map((c) => c.length));
    parts.push(`<line x1="8" y1="${y}" x2="${WIDTH - 8}" y2="${y}" stroke="#e2e2e2"/>`);
    parts.push(rowLabel(y + 16, label));
    cells.forEach((cell, i) =>
      cell.forEach((line, n) =>
        parts.push(text(x0 + i * COLUMN + COLUMN / 2, y + 16 + n * 14, line, `font-size="11" text-anchor="middle" fill="#333"`)),
      ),
    );
    y += 8 + lines * 14;
  });
  // column separators over the body of the grid
  for (let i = 1; i < 4; i++)
    parts.push(`<line x1="${x0 + i * COLUMN}" y1="${top + 26}" x2="${x0 + i * COLUMN}" y2="${y}" stroke="#e2e2e2"/>`);
  return { svg: parts.join(''), bottom: y };
}

function elementBar(input: PillarGridInput, top: number): { svg: string; bottom: number } {
  const total = ELEMENTS.reduce((sum, e) => sum + input.elementCounts[e], 0) || 1;
  const parts = [text(8, top + 14, input.labels.elementBalance, `font-size="13" font-weight="bold" fill="${input.color}"`)];
  const width = WIDTH - 16;
  let x = 8;
  for (const e of ELEMENTS) {
    const count = input.elementCounts[e];
    const w = (width * count) / total;
    if (count > 0) parts.push(`<rect x="${r(x)}" y="${top + 22}" width="${r(w)}" height="14" fill="${ELEMENT_COLOURS[e]}"/>`);
    x += w;
  }
  // the legend names every element, those with no count too (a missing element is itself a reading)
  ELEMENTS.forEach((e, i) => {
    const lx = 8 + (i * width) / 5;
    parts.push(`<rect x="${r(lx)}" y="${top + 44}" width="10" height="10" fill="${ELEMENT_COLOURS[e]}"/>`);
    parts.push(text(lx + 15, top + 53, `${input.labels.elementNames[e]} ${input.elementCounts[e]}`, `font-size="12" fill="#333"`));
  });
  return { svg: parts.join(''), bottom: top + 62 };
}

function luckTimeline(input: PillarGridInput, top: number): { svg: string; bottom: number } {
  if (input.luck.length === 0) return { svg: '', bottom: top };
  const parts = [text(8, top + 14, input.labels.luck, `font-size="13" font-weight="bold" fill="${input.color}"`)];
  const cellWidth = (WIDTH - 16) / input.luck.length;
  const y = top + (input.current ? 44 : 24);
  // the axis under the cells, so the pillars read as a timeline
  parts.push(`<line x1="8" y1="${y + 104}" x2="${WIDTH - 8}" y2="${y + 104}" stroke="#bbb" stroke-width="1.5"/>`);
  input.luck.forEach((cell, i) => {
    const x = 8 + i * cellWidth;
    const cx = x + cellWidth / 2;
    const current = input.current?.index === i;
    parts.push(
      `<rect x="${r(x + 2)}" y="${y}" width="${r(cellWidth - 4)}" height="98" rx="6" fill="${current ? input.color : '#fff'}" fill-opacity="${current ? 0.08 : 1}" stroke="${current ? input.color : '#ddd'}" stroke-width="${current ? 2.5 : 1}"/>`,
    );
    // a two-word ten god ("Indirect Resource") takes two lines: one would run into the next cell
    wrap(cell.god, 10).forEach((line, n, all) =>
      parts.push(text(cx, y + (all.length > 1 ? 11 : 16) + n * 10, line, `font-size="9.5" text-anchor="middle" fill="#555"`)),
    );
    parts.push(
      text(
        cx,
        y + 48,
        cell.stem.char,
        `font-size="24" font-weight="bold" text-anchor="middle" fill="${ELEMENT_COLOURS[cell.stem.element]}"`,
      ),
    );
    parts.push(
      text(
        cx,
        y + 76,
        cell.branch.char,
        `font-size="24" font-weight="bold" text-anchor="middle" fill="${ELEMENT_COLOURS[cell.branch.element]}"`,
      ),
    );
    parts.push(text(cx, y + 91, cell.ageLabel, `font-size="10" text-anchor="middle" fill="#333"`));
    parts.push(`<line x1="${r(x + 2)}" y1="${y + 100}" x2="${r(x + 2)}" y2="${y + 108}" stroke="#bbb"/>`);
    parts.push(text(x + 4, y + 120, cell.yearLabel, `font-size="10" fill="#666"`));
  });
  if (input.current) {
    const cx = 8 + input.current.index * cellWidth + cellWidth / 2;
    const anchor = input.current.index === 0 ? 'start' : input.current.index === input.luck.length - 1 ? 'end' : 'middle';
    const tx = anchor === 'start' ? cx - cellWidth / 2 + 2 : anchor === 'end' ? cx + cellWidth / 2 - 2 : cx;
    parts.push(text(tx, y - 14, input.current.label, `font-size="11.5" font-weight="bold" text-anchor="${anchor}" fill="${input.color}"`));
    parts.push(`<path d="M${r(cx - 6)} ${y - 8} L${r(cx + 6)} ${y - 8} L${r(cx)} ${y - 1} Z" fill="${input.color}"/>`);
  }
  return { svg: parts.join(''), bottom: y + 126 };
}

/** The whole figure: title, pillar grid, element balance and luck timeline; its height follows the content. */
export function pillarGridSvg(input: PillarGridInput): string {
  // no title: the page around the figure carries it (the subtitle still says which date the luck is read for)
  const titled = input.labels.title !== '';
  const head =
    (titled ? text(8, 22, input.labels.title, `font-size="18" font-weight="bold" fill="${input.color}"`) : '') +
    text(8, titled ? 40 : 14, input.labels.subtitle, `font-size="12" fill="#555"`);
  const g = grid(input, titled ? 52 : 24);
  const bar = elementBar(input, g.bottom + 16);
  const luck = luckTimeline(input, bar.bottom + 14);
  const height = Math.ceil(luck.bottom + 8);
  const fonts = `'${input.cjkFont}','Noto Sans CJK SC','Noto Sans Thai','Noto Sans','DejaVu Sans',sans-serif`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${escapeHtml(fonts)}">` +
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>${head}${g.svg}${bar.svg}${luck.svg}</svg>`
  );
}
