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

export const norm = (x: number) => ((x % 360) + 360) % 360;
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

/** The room two neighbours need, in degrees: one number for all, or one for each pair (by original index). */
export type Gap = number | ((left: number, right: number) => number);
const gapOf = (gap: Gap, left: number, right: number) => (typeof gap === 'number' ? gap : gap(left, right));

/**
 * Display positions on a line segment [lo, hi] for sorted true positions, each neighbour pair
 * `gaps[k]` apart at least: points closer than that form clusters centred on the mean of their
 * true positions, pushed inside the segment at its ends, merging with neighbours until no pair is
 * too close (the least-squares placement that keeps the order). The caller makes sure the sum of
 * the gaps fits in hi − lo.
 */
export function spreadOnSegment(xs: number[], gaps: number[], lo: number, hi: number, weights?: number[]): number[] {
  const offset = [0];
  for (let k = 1; k < xs.length; k++) offset.push(offset[k - 1] + gaps[k - 1]);
  type Cluster = { from: number; to: number; start: number };
  const place = (from: number, to: number): Cluster => {
    let [sum, weight] = [0, 0];
    for (let m = from; m <= to; m++) {
      const w = weights?.[m] ?? 1;
      sum += w * (xs[m] - (offset[m] - offset[from]));
      weight += w;
    }
    const span = offset[to] - offset[from];
    return { from, to, start: Math.min(Math.max(sum / weight, lo), hi - span) };
  };
  const clusters: Cluster[] = xs.map((_, j) => place(j, j));
  for (let merged = true; merged;) {
    merged = false;
    for (let j = 0; j + 1 < clusters.length; j++) {
      const [a, b] = [clusters[j], clusters[j + 1]];
      if (b.start - (a.start + offset[a.to] - offset[a.from]) < gaps[a.to] - 1e-9) {
        clusters.splice(j, 2, place(a.from, b.to));
        merged = true;
        break;
      }
    }
  }
  const shown = new Array<number>(xs.length);
  for (const c of clusters) for (let m = c.from; m <= c.to; m++) shown[m] = c.start + offset[m] - offset[c.from];
  return shown;
}

/**
 * Display longitudes for glyphs that must stay `gap` degrees apart around the whole circle: points
 * closer than that form clusters spread around the mean of their true longitudes. The circle is
 * cut in its widest empty arc so that clusters never wrap.
 */
export function spreadLongitudes(longitudes: number[], minGap: Gap): number[] {
  const n = longitudes.length;
  if (n < 2) return [...longitudes];
  const order = longitudes.map((lon, i) => ({ lon: norm(lon), i })).sort((a, b) => a.lon - b.lon);
  const pair = (j: number) => gapOf(minGap, order[j % n].i, order[(j + 1) % n].i);
  // the gaps may not go round the circle more than once
  const total = order.reduce((sum, _, j) => sum + pair(j), 0);
  const shrink = Math.min(1, 360 / total);
  const cuts = order.map((p, k) => ({ k, arc: norm(order[(k + 1) % n].lon - p.lon) })).sort((a, b) => b.arc - a.arc);
  let best: number[] | null = null;
  for (const cut of cuts) {
    // unwrap starting just after the cut, so positions increase without crossing 360°
    const start = (cut.k + 1) % n;
    const seq = order.map((_, j) => order[(start + j) % n]);
    const xs = seq.map((p) => seq[0].lon + norm(p.lon - seq[0].lon));
    const gaps = seq.slice(1).map((_, j) => pair(start + j) * shrink);
    const shown = spreadOnSegment(xs, gaps, -Infinity, Infinity);
    const result = new Array<number>(n);
    shown.forEach((x, j) => (result[seq[j].i] = norm(x)));
    if (shown[0] + 360 - shown[n - 1] >= pair(start + n - 1) * shrink - 1e-9) return result;
    best ??= result;
  }
  return best!;
}

/**
 * Display longitudes kept their `gap` apart that also keep clear of the `walls` (the four angles):
 * each point stays on its own side of every axis, at least its `margin` from it, so a planet 12°
 * past the Ascendant is never drawn on the horizon. Where a quadrant holds more columns than it has
 * room for, the wall with the least room beside it becomes soft: it stays where it is and keeps its
 * margins, but columns may pass it to the side where they disturb least. Only when even that has
 * no room does the wall give way altogether.
 */
export function spreadBetweenWalls(
  longitudes: number[],
  gap: Gap,
  walls: number[],
  margin: (index: number, wall: number) => number,
): { shown: number[]; open: number[] } {
  const n = longitudes.length;
  let hard = [...new Set(walls.map(norm))].sort((a, b) => a - b);
  let soft: number[] = [];
  for (;;) {
    if (hard.length === 0) {
      if (soft.length === 0) return { shown: spreadLongitudes(longitudes, gap), open: [] };
      // every wall soft: cut the circle at one of them, which then stands as both ends
      [hard, soft] = [[soft[0]], soft.slice(1)];
    }
    const plans = hard.map((from, k) => {
      const width = norm(hard[(k + 1) % hard.length] - from) || 360;
      const members = longitudes
        .map((lon, i) => ({ i, x: norm(lon - from) }))
        .filter((p) => p.x < width || (hard.length === 1 && p.x < 360))
        .sort((a, b) => a.x - b.x);
      const inside = soft.filter((w) => norm(w - from) > 0 && norm(w - from) < width);
      return sectorPlan(members, width, from, hard[(k + 1) % hard.length], inside, gap, margin);
    });
    const crowded = plans.findIndex((p) => p.spare < 0);
    if (crowded < 0) {
      const shown = new Array<number>(n);
      plans.forEach((p, k) => p.ys.forEach((y, j) => (shown[p.order[j]] = norm(hard[k] + y))));
      return { shown, open: [...hard, ...soft] };
    }
    if (plans[crowded].soft.length > 0) {
      // a soft wall that still leaves no room goes altogether
      soft = soft.filter((w) => w !== plans[crowded].soft[0]);
      continue;
    }
    // soften the wall at whichever end of the crowded sector has the roomier neighbour
    const before = (crowded - 1 + hard.length) % hard.length;
    const after = (crowded + 1) % hard.length;
    const drop = plans[before].spare >= plans[after].spare ? crowded : after;
    soft = [...soft, hard[drop]];
    hard = hard.filter((_, i) => i !== drop);
  }
}

/**
 * One sector between two hard walls: its points spread on the segment, each soft wall inside it
 * standing as a point that does not move (a heavy weight), tried at every rank among the points
 * for the placement that moves them least.
 */
function sectorPlan(
  members: { i: number; x: number }[],
  width: number,
  fromWall: number,
  toWall: number,
  softWalls: number[],
  gap: Gap,
  margin: (index: number, wall: number) => number,
): { ys: number[]; order: number[]; spare: number; soft: number[] } {
  if (members.length === 0) return { ys: [], order: [], spare: Infinity, soft: softWalls };
  type Slot = { i: number; x: number; wall?: number };
  let slots: Slot[] = members;
  for (const w of softWalls) {
    const x = norm(w - fromWall);
    let best: { slots: Slot[]; cost: number } | null = null;
    for (let rank = 0; rank <= slots.length; rank++) {
      const trial = [...slots.slice(0, rank), { i: -1, x, wall: w }, ...slots.slice(rank)];
      const placed = placeSlots(trial, width, fromWall, toWall, gap, margin);
      const cost =
        placed.spare < 0 ? Infinity : trial.reduce((sum, p, j) => sum + (p.wall === undefined ? (placed.ys[j] - p.x) ** 2 : 0), 0);
      if (!best || cost < best.cost) best = { slots: trial, cost };
    }
    slots = best!.slots;
  }
  const placed = placeSlots(slots, width, fromWall, toWall, gap, margin);
  const keep = slots.map((p, j) => ({ p, y: placed.ys[j] })).filter((s) => s.p.wall === undefined);
  return { ys: keep.map((s) => s.y), order: keep.map((s) => s.p.i), spare: placed.spare, soft: softWalls };
}

function placeSlots(
  slots: { i: number; x: number; wall?: number }[],
  width: number,
  fromWall: number,
  toWall: number,
  gap: Gap,
  margin: (index: number, wall: number) => number,
): { ys: number[]; spare: number } {
  const between = (a: { i: number; wall?: number }, b: { i: number; wall?: number }) =>
    a.wall !== undefined ? margin(b.i, a.wall) : b.wall !== undefined ? margin(a.i, b.wall) : gapOf(gap, a.i, b.i);
  const gaps = slots.slice(1).map((b, j) => between(slots[j], b));
  const first = slots[0];
  const last = slots[slots.length - 1];
  const lo = first.wall !== undefined ? 0 : margin(first.i, fromWall);
  const hi = width - (last.wall !== undefined ? 0 : margin(last.i, toWall));
  const spare = hi - lo - gaps.reduce((a, b) => a + b, 0);
  if (spare < 0) return { ys: slots.map((p) => p.x), spare };
  const weights = slots.map((p) => (p.wall !== undefined ? 1e6 : 1));
  return {
    ys: spreadOnSegment(
      slots.map((p) => p.x),
      gaps,
      lo,
      hi,
      weights,
    ),
    spare,
  };
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
