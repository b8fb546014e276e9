import { Aspect, ASPECTS, aspectsBetween, aspectsWithin, AspectType, contentFor } from '@astro/western';
import WORDS from './content/wheel.json';
import { ASPECT_STYLES, WHEEL_FONT, WheelChart } from './chart-wheel';
import { DEFAULT_BRANDING } from './branding';
import { escapeHtml, hexColour } from './html';
import { norm, r2, textBox } from './wheel-labels';
import { PLANET_GLYPHS, TEXT } from './wheel-layout';

/** A row or column of the grid: a planet, or an angle (speed 0). */
export interface GridPoint {
  name: string;
  longitude: number;
  speed?: number;
}

export interface AspectGridInput {
  /** the triangle's points, or the rows of an inter-aspect grid (the first person) */
  rows: GridPoint[];
  /** the columns of an inter-aspect grid (the second person); absent for a single chart's triangle */
  columns?: GridPoint[];
  /** the two people of an inter-aspect grid, written beside their rows and above their columns */
  names?: { rows: string; columns: string };
  locale?: string;
  color: string;
  /** the image width in SVG units; its height follows from the grid's shape */
  size?: number;
}

/** The conjunction has no line in the wheel, so no colour there: it is drawn in ink. */
const CONJUNCTION = { color: '#333', glyph: '☌' };
const styleOf = (type: AspectType) => (type === 'conjunction' ? CONJUNCTION : ASPECT_STYLES[type]);
const CELL = 32;
const INK = '#222';
const LEGEND_ROW = 18;

/** The points of a chart's grid: its planets, then the Ascendant and the Midheaven. */
export function gridPointsOfChart(chart: WheelChart): GridPoint[] {
  return [
    ...chart.planets.map((p) => ({ name: p.name, longitude: p.longitude, speed: p.speed ?? 0 })),
    { name: 'Ascendant', longitude: chart.angles.ascendant, speed: 0 },
    { name: 'Midheaven', longitude: chart.angles.midheaven, speed: 0 },
  ];
}

/** `2°14′`: an orb in whole degrees and minutes (truncated, as the wheel's degrees are). */
export function orbText(orb: number): string {
  const minutes = Math.floor(orb * 60 + 1e-7);
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′`;
}

/**
 * The aspects of the grid, with the natal orbs (the ASPECTS table, the same as the wheel's lines
 * and the reports' aspect tables): among the rows for a triangle, from every row to every column
 * for an inter-aspect grid.
 */
export function gridAspects(input: Pick<AspectGridInput, 'rows' | 'columns'>): Aspect[] {
  const points = (list: GridPoint[]) => list.map((p) => ({ name: p.name, longitude: norm(p.longitude), speed: p.speed ?? 0 }));
  return input.columns ? aspectsBetween(points(input.rows), points(input.columns), ASPECTS) : aspectsWithin(points(input.rows));
}

/**
 * An aspect grid as SVG, drawn like the wheel (same font, colours and glyphs): for one chart the
 * triangle, each point's glyph on the diagonal and the aspect of two points where the row of one
 * meets the column of the other; for two charts the full rectangle, the first chart's points down
 * the side and the second's across the top. A cell holds the aspect's glyph in its wheel colour and
 * the orb in degrees and minutes, with A (applying) or S (separating) in a single chart; a legend
 * of the glyphs in the grid's language runs under it.
 */
export function aspectGridSvg(input: AspectGridInput): string {
  // the brand colour reaches SVG attributes only through its strict grammar
  const color = hexColour(input.color, DEFAULT_BRANDING.primary_color);
  const { content, language } = contentFor(input.locale ?? 'en');
  const words = language === 'th' ? WORDS.th : WORDS.en;
  // an angle's name in a grid cell, in one or two lines (กลางฟ้า on one line would shrink to 7 pt)
  const angleNames: Record<string, string[]> = { Ascendant: words.grid_angles.ascendant, Midheaven: words.grid_angles.midheaven };
  const inter = input.columns !== undefined;
  const rows = input.rows;
  const columns = input.columns ?? input.rows;
  const found = new Map<string, Aspect>();
  for (const a of gridAspects(input)) found.set(`${a.a}|${a.b}`, a);
  const aspectOf = (r: string, c: string) => found.get(`${r}|${c}`) ?? (inter ? undefined : found.get(`${c}|${r}`));

  const label = (name: string, x: number, y: number, fill: string) => {
    const glyph = PLANET_GLYPHS[name];
    if (glyph) return text(x, y, 17, fill, glyph + TEXT, ` class="point" data-name="${escapeHtml(name)}"`);
    const lines = angleNames[name] ?? [name.slice(0, 3)];
    // an angle's name shrinks to fit its cell (ลัคนา is wider than ASC)
    const size = Math.min(10, ...lines.map((line) => (CELL - 4) / (textBox(line, 1).w || 1)));
    const attributes = ` font-weight="bold" class="point" data-name="${escapeHtml(name)}"`;
    return lines
      .map((line, k) => text(x, y + (k - (lines.length - 1) / 2) * size * 1.15, r2(size), fill, escapeHtml(line), attributes))
      .join('');
  };
  const cellBody = (x: number, y: number, a: Aspect) => {
    const st = styleOf(a.type);
    const mark = inter ? '' : a.applying ? words.applying_mark : words.separating_mark;
    return (
      `<g class="aspect-cell" data-a="${escapeHtml(a.a)}" data-b="${escapeHtml(a.b)}" data-aspect="${a.type}" data-orb="${a.orb}">` +
      text(x + CELL / 2, y + 12, 15, st.color, st.glyph + TEXT, '') +
      text(x + CELL / 2, y + CELL - 6.5, 8, '#444', `${orbText(a.orb)}${mark}`, '') +
      '</g>'
    );
  };

  const parts: string[] = [];
  // an inter-aspect grid has a header row and column of glyphs, and the two names beyond them
  const top = inter ? 24 + CELL : 8;
  const left = inter ? 22 + CELL : 8;
  const rect = (x: number, y: number, fill: string) =>
    `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${fill}" stroke="#bbb" stroke-width="0.6"/>`;
  if (inter) {
    parts.push(
      `<text x="${left}" y="12" font-size="11" dominant-baseline="central" fill="${color}" font-weight="bold" class="columns-name">${escapeHtml(input.names?.columns ?? '')} →</text>`,
      `<text x="12" y="${top}" font-size="11" dominant-baseline="central" fill="${INK}" font-weight="bold" transform="rotate(90 12 ${top})" class="rows-name">${escapeHtml(input.names?.rows ?? '')} →</text>`,
    );
    columns.forEach((c, j) =>
      parts.push(rect(left + j * CELL, top - CELL, '#f4f4f4'), label(c.name, left + j * CELL + CELL / 2, top - CELL / 2, color)),
    );
    rows.forEach((r, i) =>
      parts.push(rect(left - CELL, top + i * CELL, '#f4f4f4'), label(r.name, left - CELL / 2, top + i * CELL + CELL / 2, INK)),
    );
    rows.forEach((r, i) =>
      columns.forEach((c, j) => {
        const [x, y] = [left + j * CELL, top + i * CELL];
        const a = aspectOf(r.name, c.name);
        parts.push(rect(x, y, '#fff'), a ? cellBody(x, y, a) : '');
      }),
    );
  } else {
    rows.forEach((r, i) => {
      const y = top + i * CELL;
      for (let j = 0; j < i; j++) {
        const a = aspectOf(r.name, rows[j].name);
        parts.push(rect(left + j * CELL, y, '#fff'), a ? cellBody(left + j * CELL, y, a) : '');
      }
      parts.push(rect(left + i * CELL, y, '#f4f4f4'), label(r.name, left + i * CELL + CELL / 2, y + CELL / 2, INK));
    });
  }

  // the legend: every aspect's glyph and name, then what the numbers are
  const gridWidth = left + columns.length * CELL;
  const gridBottom = top + rows.length * CELL + 10;
  const width = Math.max(gridWidth + 8, 360);
  const names = content.names.aspects as Record<AspectType, string>;
  const types = ['conjunction', ...Object.keys(ASPECT_STYLES)] as AspectType[];
  // legend columns as wide as the longest name needs, so a Thai legend does not leave one name alone on a row
  const column = Math.max(...types.map((type) => textBox(names[type], 10.5).w)) + 30;
  const perRow = Math.max(2, Math.floor((width - 16) / column));
  types.forEach((type, k) => {
    const [x, y] = [8 + (k % perRow) * column, gridBottom + Math.floor(k / perRow) * LEGEND_ROW + LEGEND_ROW / 2];
    const st = styleOf(type);
    parts.push(
      text(x + 8, y, 13, st.color, st.glyph + TEXT, ''),
      `<text x="${x + 20}" y="${y}" font-size="10.5" dominant-baseline="central" fill="#444">${escapeHtml(names[type])}</text>`,
    );
  });
  const noteY = gridBottom + Math.ceil(types.length / perRow) * LEGEND_ROW + 8;
  const notes = inter ? [words.grid_orbs] : [words.grid_orbs, words.grid_motion];
  notes.forEach((note, k) =>
    parts.push(`<text x="8" y="${noteY + k * 15}" font-size="10" dominant-baseline="central" fill="#555">${escapeHtml(note)}</text>`),
  );
  const height = noteY + notes.length * 15;
  const scale = (input.size ?? width) / width;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${r2(width * scale)}" height="${r2(height * scale)}" viewBox="0 0 ${r2(width)} ${r2(height)}" font-family="${WHEEL_FONT}" role="img" class="aspect-grid">${parts.join('')}</svg>`;
}

function text(x: number, y: number, size: number, fill: string, content: string, extra: string): string {
  return `<text x="${r2(x)}" y="${r2(y)}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${fill}"${extra}>${content}</text>`;
}
