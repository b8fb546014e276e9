import sharp, { Sharp } from 'sharp';
import { HAND } from './hand-analysis';
import { round } from './geometry';
import { definitionsFor } from './definitions';

const DEFINITIONS = definitionsFor('en');

const CROP_WIDTH = 200;
/** Creases are narrow dark valleys: the difference of a wide and a narrow Gaussian blur finds them. */
const NARROW_SIGMA = 1.2;
const WIDE_SIGMA = 4;
/** One traced point kept for every this many steps of the crop (the drawing needs no more). */
const PATH_STEP = 5;

export interface PalmLine {
  /** mean ridge response along the traced crease, divided by the mean over the whole palm (1 = no stronger than the skin texture) */
  prominence: number;
  /** share of the palm width (heart, head) or height (life) along which the traced crease stands above the threshold */
  length: number;
  /** the crease as traced where it stands above the threshold, in the photo's pixels */
  path: [number, number][];
  definition: string;
}

/** The ridge response of the palm crop: how much darker each pixel is than its surroundings. */
interface RidgeMap {
  ridge: Float32Array;
  width: number;
  height: number;
  mean: number;
  threshold: number;
}

async function ridgeMap(crop: Sharp): Promise<RidgeMap> {
  const [narrow, wide] = await Promise.all(
    [NARROW_SIGMA, WIDE_SIGMA].map((sigma) => crop.clone().blur(sigma).raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height } = narrow.info;
  const ridge = new Float32Array(width * height);
  let total = 0;
  for (let i = 0; i < ridge.length; i++) {
    ridge[i] = Math.max(0, wide.data[i] - narrow.data[i]);
    total += ridge[i];
  }
  const mean = total / ridge.length || 1e-6;
  let variance = 0;
  for (const v of ridge) variance += (v - mean) ** 2;
  return { ridge, width, height, mean, threshold: mean + Math.sqrt(variance / ridge.length) };
}

/**
 * The crease through a band of the ridge map, traced by dynamic programming: one position across
 * the band for every step along it, moving at most one pixel between neighbouring steps, so that
 * the summed response is the largest. `at(step, across)` reads the map; the answer is the position
 * across for every step.
 */
export function tracePath(steps: number, [from, to]: [number, number], at: (step: number, across: number) => number): number[] {
  const span = to - from;
  const score = new Float64Array(steps * span);
  const back = new Int32Array(steps * span);
  for (let s = 0; s < steps; s++) {
    for (let a = 0; a < span; a++) {
      let best = 0;
      let previous = a;
      if (s > 0) {
        best = -Infinity;
        for (const p of [a - 1, a, a + 1]) {
          if (p >= 0 && p < span && score[(s - 1) * span + p] > best) [best, previous] = [score[(s - 1) * span + p], p];
        }
      }
      score[s * span + a] = best + at(s, from + a);
      back[s * span + a] = previous;
    }
  }
  let a = 0;
  for (let i = 1; i < span; i++) if (score[(steps - 1) * span + i] > score[(steps - 1) * span + a]) a = i;
  const path = new Array<number>(steps);
  for (let s = steps - 1; s >= 0; s--) {
    path[s] = from + a;
    a = back[s * span + a];
  }
  return path;
}

/** The traced crease read as a line: its prominence, its length and the part of it that stands out. */
function readLine(
  map: RidgeMap,
  positions: number[],
  at: (step: number, across: number) => number,
  toPhoto: (step: number, across: number) => [number, number],
  definition: string,
): PalmLine {
  const response = positions.map((p, s) => Math.max(at(s, p - 1), at(s, p), at(s, p + 1)));
  const above = response.map((r) => r > map.threshold);
  const first = above.indexOf(true);
  const last = above.lastIndexOf(true);
  const path: [number, number][] = [];
  if (first >= 0) {
    for (let s = first; s <= last; s += PATH_STEP) path.push(toPhoto(s, positions[s]));
    if ((last - first) % PATH_STEP !== 0) path.push(toPhoto(last, positions[last]));
  }
  const mean = response.reduce((sum, r) => sum + r, 0) / response.length;
  return {
    prominence: round(mean / map.mean, 2),
    length: round(above.filter(Boolean).length / above.length, 2),
    path: path.map(([x, y]) => [round(x, 1), round(y, 1)]),
    definition,
  };
}

/**
 * Traces the three major palm lines in the palm region of the upright photo (fingers up): the heart
 * line across the upper band below the knuckles, the head line across the middle band, the life
 * line down the thumb-side half. `toPhoto` maps a point of the upright photo to the analysed photo.
 * An estimate from one photo's shading, and said to be one.
 */
export async function estimatePalmLines(
  uprightImage: Buffer,
  upright: readonly (readonly number[])[],
  thumbSide: 'left' | 'right',
  toPhoto: (x: number, y: number) => [number, number],
): Promise<{ heart: PalmLine; head: PalmLine; life: PalmLine; region: [number, number, number, number] }> {
  const palmPoints = [HAND.wrist, HAND.thumb[0], HAND.index[0], HAND.middle[0], HAND.ring[0], HAND.pinky[0]].map((i) => upright[i]);
  const { width = 0, height = 0 } = await sharp(uprightImage).metadata();
  const left = Math.max(0, Math.floor(Math.min(...palmPoints.map((p) => p[0]))));
  const top = Math.max(0, Math.floor(Math.min(...palmPoints.map((p) => p[1]))));
  const right = Math.min(width, Math.ceil(Math.max(...palmPoints.map((p) => p[0]))));
  const bottom = Math.min(height, Math.ceil(Math.max(...palmPoints.map((p) => p[1]))));
  const region: [number, number, number, number] = [left, top, Math.max(8, right - left), Math.max(8, bottom - top)];
  const cropWidth = Math.min(region[2], width - left);
  const map = await ridgeMap(
    sharp(uprightImage)
      .extract({ left, top, width: cropWidth, height: Math.min(region[3], height - top) })
      .greyscale()
      .resize({ width: CROP_WIDTH }),
  );
  const { ridge, width: w, height: h } = map;
  const scale = cropWidth / w;
  const photo = (x: number, y: number) => toPhoto(left + (x + 0.5) * scale, top + (y + 0.5) * scale);
  const cell = (x: number, y: number) => (x >= 0 && x < w && y >= 0 && y < h ? ridge[y * w + x] : 0);

  /** A crease running across the palm, in the rows `from`–`to` (shares of the height). */
  const across = (from: number, to: number, definition: string): PalmLine => {
    const at = (x: number, y: number) => cell(x, y);
    const rows = tracePath(w, [Math.floor(from * h), Math.floor(to * h)], at);
    return readLine(map, rows, at, photo, definition);
  };
  // The life line curves around the thumb's base: traced row by row in the thumb-side half, 30–100 % down.
  const [x0, x1] = thumbSide === 'left' ? [0, Math.floor(w / 2)] : [Math.floor(w / 2), w];
  const y0 = Math.floor(0.3 * h);
  const down = (step: number, x: number) => cell(x, y0 + step);
  const columns = tracePath(h - y0, [x0, x1], down);
  return {
    heart: across(0.1, 0.35, DEFINITIONS.line('heart')),
    head: across(0.35, 0.6, DEFINITIONS.line('head')),
    life: readLine(map, columns, down, (step, x) => photo(x, y0 + step), DEFINITIONS.line('life')),
    region,
  };
}
