import sharp from 'sharp';
import { HAND } from './hand-analysis';
import { round } from './geometry';
import { definitionsFor } from './definitions';

const DEFINITIONS = definitionsFor('en');

const CROP_WIDTH = 200;
/** Creases are narrow dark valleys: the difference of a wide and a narrow Gaussian blur finds them. */
const NARROW_SIGMA = 1.2;
const WIDE_SIGMA = 4;

export interface PalmLine {
  /** mean ridge response along the line's best row, divided by the mean over the whole palm (1 = no stronger than the skin texture) */
  prominence: number;
  /** share of the palm width (heart, head) or height (life) the line covers above the threshold */
  length: number;
  definition: string;
}

/**
 * Estimates the three major palm lines by ridge filtering the palm region of the upright photo:
 * the heart line in the upper band below the knuckles, the head line in the middle band, the life
 * line in the thumb-side half. An estimate from one photo's shading, and said to be one.
 */
export async function estimatePalmLines(
  uprightImage: Buffer,
  upright: readonly (readonly number[])[],
  thumbSide: 'left' | 'right',
): Promise<{ heart: PalmLine; head: PalmLine; life: PalmLine; region: [number, number, number, number] }> {
  const palmPoints = [HAND.wrist, HAND.thumb[0], HAND.index[0], HAND.middle[0], HAND.ring[0], HAND.pinky[0]].map((i) => upright[i]);
  const { width = 0, height = 0 } = await sharp(uprightImage).metadata();
  const left = Math.max(0, Math.floor(Math.min(...palmPoints.map((p) => p[0]))));
  const top = Math.max(0, Math.floor(Math.min(...palmPoints.map((p) => p[1]))));
  const right = Math.min(width, Math.ceil(Math.max(...palmPoints.map((p) => p[0]))));
  const bottom = Math.min(height, Math.ceil(Math.max(...palmPoints.map((p) => p[1]))));
  const region: [number, number, number, number] = [left, top, Math.max(8, right - left), Math.max(8, bottom - top)];
  const grey = sharp(uprightImage)
    .extract({ left, top, width: Math.min(region[2], width - left), height: Math.min(region[3], height - top) })
    .greyscale()
    .resize({ width: CROP_WIDTH });
  const [narrow, wide] = await Promise.all(
    [NARROW_SIGMA, WIDE_SIGMA].map((sigma) => grey.clone().blur(sigma).raw().toBuffer({ resolveWithObject: true })),
  );
  const w = narrow.info.width;
  const h = narrow.info.height;
  const ridge = new Float32Array(w * h);
  let total = 0;
  for (let i = 0; i < ridge.length; i++) {
    ridge[i] = Math.max(0, wide.data[i] - narrow.data[i]);
    total += ridge[i];
  }
  const meanAll = total / ridge.length || 1e-6;
  let variance = 0;
  for (const v of ridge) variance += (v - meanAll) ** 2;
  const threshold = meanAll + Math.sqrt(variance / ridge.length);

  /** The strongest row in a horizontal band: its mean response and the share of columns above the threshold. */
  const horizontal = (from: number, to: number, definition: string): PalmLine => {
    let bestRow = Math.floor(from * h);
    let bestMean = -1;
    for (let y = Math.floor(from * h); y < Math.floor(to * h); y++) {
      let sum = 0;
      for (let x = 0; x < w; x++) sum += ridge[y * w + x];
      if (sum / w > bestMean) [bestMean, bestRow] = [sum / w, y];
    }
    let covered = 0;
    for (let x = 0; x < w; x++) {
      let peak = 0;
      for (let y = Math.max(0, bestRow - 3); y <= Math.min(h - 1, bestRow + 3); y++) peak = Math.max(peak, ridge[y * w + x]);
      if (peak > threshold) covered++;
    }
    return { prominence: round(bestMean / meanAll, 2), length: round(covered / w, 2), definition };
  };
  // The life line curves around the thumb's base: search column by column in the thumb-side half.
  const [x0, x1] = thumbSide === 'left' ? [0, Math.floor(w / 2)] : [Math.floor(w / 2), w];
  let bestCol = x0;
  let bestMean = -1;
  for (let x = x0; x < x1; x++) {
    let sum = 0;
    for (let y = Math.floor(0.3 * h); y < h; y++) sum += ridge[y * w + x];
    const mean = sum / (h - Math.floor(0.3 * h));
    if (mean > bestMean) [bestMean, bestCol] = [mean, x];
  }
  let coveredRows = 0;
  for (let y = Math.floor(0.3 * h); y < h; y++) {
    let peak = 0;
    for (let x = Math.max(x0, bestCol - 6); x < Math.min(x1, bestCol + 6); x++) peak = Math.max(peak, ridge[y * w + x]);
    if (peak > threshold) coveredRows++;
  }
  return {
    heart: horizontal(0.1, 0.35, DEFINITIONS.line('heart')),
    head: horizontal(0.35, 0.6, DEFINITIONS.line('head')),
    life: {
      prominence: round(bestMean / meanAll, 2),
      length: round(coveredRows / (h - Math.floor(0.3 * h)), 2),
      definition: DEFINITIONS.line('life'),
    },
    region,
  };
}
