import { norm, spreadBetweenWalls } from './wheel-spread';

/**
 * Where the wheel's labels go: planet columns spread along their ring, cusp and angle labels along
 * the zodiac's rim, each as boxes in the drawing's coordinates, so that the drawing and the overlap
 * test (chart-wheel-overlap.test.ts) read the same layout. Pure geometry: no SVG here.
 */

/** An axis-aligned box by its centre and full size, in the wheel's SVG units. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The width and height of a line of text, from DejaVu Sans and Noto Sans Thai advance widths:
 * digits 0.64 em, the degree sign 0.4, the minute sign 0.3, symbols 0.9, Latin capitals 0.72,
 * Thai letters 0.62 and Thai vowel and tone marks nothing (they sit above or below their letter).
 * chart-wheel-overlap.test.ts checks these against the glyphs librsvg actually draws.
 */
export function textBox(content: string, font: number): { w: number; h: number } {
  let em = 0;
  let thai = false;
  for (const ch of content) {
    if (/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(ch)) thai = true;
    else if (/[\u0E00-\u0E7F]/.test(ch)) {
      thai = true;
      em += 0.62;
    } else if (/[0-9]/.test(ch)) em += 0.64;
    else if (ch === '°') em += 0.4;
    else if (ch === '′') em += 0.3;
    else if (ch === ' ') em += 0.32;
    else if (/[A-Z]/.test(ch)) em += 0.72;
    else if (/[a-z]/.test(ch)) em += 0.6;
    else if (ch === '\uFE0E') continue;
    else em += 0.9;
  }
  const digitsOnly = /^[0-9°′]+$/.test(content);
  return { w: em * font, h: (digitsOnly ? 0.78 : thai ? 1.25 : 0.95) * font };
}

export { norm };
export const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Whether two boxes come closer than `clear` units (overlap when `clear` is 0). Side by side on a
 * line of text the eye joins two labels across a gap it would read as a word space, so `clear.x`
 * (across) is larger than `clear.y` (between lines).
 */
export function boxesTouch(a: Box, b: Box, clear: number | { x: number; y: number } = 0): boolean {
  const c = typeof clear === 'number' ? { x: clear, y: clear } : clear;
  return Math.abs(a.x - b.x) < (a.w + b.w) / 2 + c.x && Math.abs(a.y - b.y) < (a.h + b.h) / 2 + c.y;
}

/** The nearest and farthest distance from the point (cx, cy) to any point of a box. */
export function boxDistances(b: Box, cx: number, cy: number): { near: number; far: number } {
  const dx = Math.max(Math.abs(b.x - cx) - b.w / 2, 0);
  const dy = Math.max(Math.abs(b.y - cy) - b.h / 2, 0);
  const fx = Math.abs(b.x - cx) + b.w / 2;
  const fy = Math.abs(b.y - cy) + b.h / 2;
  return { near: Math.hypot(dx, dy), far: Math.hypot(fx, fy) };
}

/** Whether the segment p–q passes through a box (Liang–Barsky clipping of the segment to the box). */
export function segmentHitsBox(p: { x: number; y: number }, q: { x: number; y: number }, b: Box): boolean {
  const [dx, dy] = [q.x - p.x, q.y - p.y];
  let [t0, t1] = [0, 1];
  const edges: [number, number][] = [
    [-dx, p.x - (b.x - b.w / 2)],
    [dx, b.x + b.w / 2 - p.x],
    [-dy, p.y - (b.y - b.h / 2)],
    [dy, b.y + b.h / 2 - p.y],
  ];
  for (const [d, room] of edges) {
    if (d === 0) {
      if (room <= 0) return false;
    } else {
      const t = room / d;
      if (d < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 >= t1) return false;
    }
  }
  return true;
}

/** One line of a label column: its text, font size and box. */
export interface StackItem {
  content: string;
  font: number;
  box: { w: number; h: number };
  fill: string;
  cls: string;
  bold?: boolean;
  /** a second line under the first (an angle's name above its degree) */
  below?: { content: string; font: number; fill: string; cls: string };
}

/** A column placed on the wheel: the boxes of its items at one display longitude. */
export interface PlacedStack {
  shown: number;
  boxes: Box[];
}

/**
 * The items of a column laid along the radius at the SVG angle `theta` (radians), from `start`
 * outwards (dir +1) or inwards (dir −1), `pad` apart: each item takes its box's projection on the
 * radius, so a wide label at nine o'clock takes more room than the same label at twelve.
 */
export function placeStack(items: StackItem[], theta: number, start: number, dir: 1 | -1, pad: number, centre: number): Box[] {
  const [cos, sin] = [Math.cos(theta), Math.sin(theta)];
  let r = start;
  let previous = 0;
  return items.map((it, k) => {
    const half = (Math.abs(cos) * it.box.w + Math.abs(sin) * it.box.h) / 2;
    r += dir * (k === 0 ? half : previous + pad + half);
    previous = half;
    return { x: r2(centre + r * cos), y: r2(centre - r * sin), w: it.box.w, h: it.box.h };
  });
}

/**
 * Columns of labels around a ring, each pair of neighbours as far apart as their boxes need where
 * they stand (a column at nine o'clock is narrow, at half past ten it is wide): the gaps are
 * measured at the columns' display angles and the spread repeated until it settles; if two
 * columns' boxes still come within `clear` or a box crosses a standing wall, every gap grows a
 * little, until the columns fill the circle.
 */
export function layoutRing(options: {
  longitudes: number[];
  stacks: StackItem[][];
  angleOf: (longitude: number) => number;
  start: number;
  dir: 1 | -1;
  pad: number;
  centre: number;
  walls: { longitude: number; from: number; to: number }[];
  clear: { x: number; y: number };
}): PlacedStack[] {
  const { longitudes, stacks, start, dir, pad, centre, clear } = options;
  const n = longitudes.length;
  if (n === 0) return [];
  const toRad = (lon: number) => (options.angleOf(lon) * Math.PI) / 180;
  const place = (i: number, lon: number) => placeStack(stacks[i], toRad(lon), start, dir, pad, centre);
  const apart = (a: Box[], b: Box[]) => a.every((x) => b.every((y) => !boxesTouch(x, y, clear)));
  /** the least angle between two columns centred on `lon` for their boxes to stay `clear` apart */
  const pairNeed = (i: number, j: number, lon: number) => {
    let [lo, hi] = [0, 90];
    for (let step = 0; step < 12; step++) {
      const mid = (lo + hi) / 2;
      if (apart(place(i, lon - mid / 2), place(j, lon + mid / 2))) hi = mid;
      else lo = mid;
    }
    return hi;
  };
  /** the least angle from a wall at which a column's boxes stay off the wall's line */
  const wallNeed = (i: number, wall: number) => {
    const w = options.walls.find((x) => norm(x.longitude) === wall)!;
    const t = toRad(wall);
    const p = { x: centre + w.from * Math.cos(t), y: centre - w.from * Math.sin(t) };
    const q = { x: centre + w.to * Math.cos(t), y: centre - w.to * Math.sin(t) };
    let [lo, hi] = [0, 45];
    for (let step = 0; step < 10; step++) {
      const mid = (lo + hi) / 2;
      const clearOf = (lon: number) => place(i, lon).every((b) => !segmentHitsBox(p, q, { ...b, w: b.w + 2, h: b.h + 2 }));
      if (clearOf(wall + mid) && clearOf(wall - mid)) hi = mid;
      else lo = mid;
    }
    return hi;
  };
  const memo = new Map<string, number>();
  const cached = (key: string, f: () => number) => memo.get(key) ?? (memo.set(key, f()), memo.get(key)!);
  const mid = (a: number, b: number) => norm(a + norm(b - a) / 2);
  let shown = [...longitudes];
  let placed: PlacedStack[] = [];
  for (let scale = 1; scale < 8; scale *= 1.06) {
    for (let settle = 0; settle < 3; settle++) {
      const at = [...shown];
      // angles rounded to the degree, so that the searches are shared between rounds
      const gap = (i: number, j: number) =>
        scale * cached(`${i}-${j}-${Math.round(mid(at[i], at[j]))}`, () => pairNeed(i, j, Math.round(mid(at[i], at[j]))));
      const margin = (i: number, wall: number) => scale * cached(`${i}@${wall}`, () => wallNeed(i, wall));
      const spread = spreadBetweenWalls(
        longitudes,
        gap,
        options.walls.map((w) => w.longitude),
        margin,
      );
      shown = spread.shown;
      placed = shown.map((lon, i) => ({ shown: lon, boxes: place(i, lon) }));
      const standing = options.walls.filter((w) => spread.open.includes(norm(w.longitude))).map((w) => wallLine(w, toRad, centre));
      if (ringIsClear(placed, clear, standing)) return placed;
    }
  }
  return placed;
}

function wallLine(w: { longitude: number; from: number; to: number }, toRad: (lon: number) => number, centre: number) {
  const t = toRad(w.longitude);
  return {
    p: { x: centre + w.from * Math.cos(t), y: centre - w.from * Math.sin(t) },
    q: { x: centre + w.to * Math.cos(t), y: centre - w.to * Math.sin(t) },
  };
}

function ringIsClear(
  placed: PlacedStack[],
  clear: { x: number; y: number },
  walls: { p: { x: number; y: number }; q: { x: number; y: number } }[],
): boolean {
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++)
      for (const a of placed[i].boxes) for (const b of placed[j].boxes) if (boxesTouch(a, b, clear)) return false;
  }
  // a wall may pass through a label only where spreadBetweenWalls had to give it up
  return placed.every((s) => s.boxes.every((b) => walls.every((w) => !segmentHitsBox(w.p, w.q, b))));
}
