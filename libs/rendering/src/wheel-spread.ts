/** An angle in [0°, 360°). */
export const norm = (x: number) => ((x % 360) + 360) % 360;

/**
 * Spreading points along a circle or a segment so that neighbours keep a given distance and stay
 * as near their true places as they can: the one-dimensional part of the wheel's label layout
 * (wheel-labels.ts places the columns, these functions choose their longitudes).
 */

/** The room two neighbours need, in degrees: one number for all, or one for each pair (by original index). */
export type Gap = number | ((left: number, right: number) => number);
export const gapOf = (gap: Gap, left: number, right: number) => (typeof gap === 'number' ? gap : gap(left, right));

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
