import { LogoRejected } from './logo-rejected';
import { runInSharpChild, SharpChildRefused } from './sharp-child';

export type LogoFormat = 'png' | 'jpeg' | 'webp' | 'svg';

/**
 * What drawing one logo may take. The time budget counts from the moment the child process has
 * loaded sharp (so a slow start on a busy machine is not charged to the logo); past it the child
 * is killed. The pixel budget is sharp's `limitInputPixels`: a raster logo's own pixels, and an
 * SVG's pixels as drawn, which is at most the output box (the density is chosen to fit it).
 */
export interface RasterBudget {
  timeMs: number;
  /** the largest raster input, in pixels */
  maxInputPixels: number;
  /** the output fits inside this box, never enlarged */
  box: { width: number; height: number };
}

export const LOGO_RASTER_BUDGET: RasterBudget = { timeMs: 5_000, maxInputPixels: 25_000_000, box: { width: 600, height: 600 } };

export interface RasterisedLogo {
  png: Buffer;
  width: number;
  height: number;
}

let started = 0;
/** How many logos this process has handed to a rasterising child (the preflight test checks it stays 0). */
export const logoRasterisations = (): number => started;

/**
 * What the child does with one logo (sharp-child.ts runs it): the format checked against the one
 * detected, an SVG drawn at the density that fits the box, the pixel budget held by
 * `limitInputPixels`, a PNG fitting the box out.
 */
const DRAW_LOGO = `
  const { format, budget } = message;
  const bytes = Buffer.from(message.input);
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (meta.format !== format) throw { refused: 'the bytes decode as ' + (meta.format || 'nothing') + ', not ' + format };
  const width = meta.width || 0, height = meta.height || 0;
  if (width < 1 || height < 1) throw { refused: 'the image has no size' };
  let density, limit = budget.maxInputPixels;
  if (format === 'svg') {
    // sharp draws an SVG at 72 dpi: choose the density that makes the drawing fit the box (within sharp's range).
    density = Math.min(100000, Math.max(1, 72 * Math.min(budget.box.width / width, budget.box.height / height)));
    limit = (budget.box.width + 2) * (budget.box.height + 2);
  }
  const { data, info } = await sharp(bytes, { density, limitInputPixels: limit, failOn: 'error' })
    .resize({ width: budget.box.width, height: budget.box.height, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
`;

/**
 * Draws a logo (already sanitised when it is an SVG) into a PNG fitting the budget's box, in a
 * child process killed past the time budget (sharp-child.ts): never on this process's event loop
 * or its libuv threads. Throws LogoRejected saying what went wrong.
 */
export async function rasteriseLogo(input: Buffer, format: LogoFormat, budget: RasterBudget = LOGO_RASTER_BUDGET): Promise<RasterisedLogo> {
  started++;
  try {
    const drawn = await runInSharpChild<{ png: Uint8Array; width: number; height: number }>(
      DRAW_LOGO,
      { input, format, budget },
      { timeMs: budget.timeMs, tooLong: `drawing the logo took longer than its budget of ${budget.timeMs / 1000} s; simplify the drawing` },
    );
    return { png: Buffer.from(drawn.png), width: drawn.width, height: drawn.height };
  } catch (err) {
    if (err instanceof SharpChildRefused) throw new LogoRejected(err.message);
    throw err;
  }
}
