import sharp from 'sharp';

/**
 * Photo quality measures of the `validating` stage, on a copy scaled to QUALITY_SIZE px on its long
 * side so that the thresholds mean the same thing whatever the camera's resolution.
 */
export const QUALITY_SIZE = 320;
/** Below this mean luminance (0–255) the photo is too dark to see creases or features. */
export const MIN_BRIGHTNESS = 45;
/** Above this, highlights wash the skin out. */
export const MAX_BRIGHTNESS = 230;
/**
 * Variance of the Laplacian below which the photo is too blurry. Measured here on the test photos
 * at 320 px: the sharp portrait 972 (after a Gaussian blur of sigma 3: 32, sigma 8: 6), the soft
 * 640×480 webcam palm 13.8 (sigma 2: 7.6, sigma 5: 3.6). 320 px rather than more: a 3×3 Laplacian at
 * full size mostly sees sensor noise, at 320 px it sees the creases and edges that the models need.
 */
export const MIN_SHARPNESS = 8;

export interface ImageQuality {
  width: number;
  height: number;
  /** mean luminance, 0–255 */
  brightness: number;
  /** variance of the Laplacian of the luminance at 320 px */
  sharpness: number;
}

const LAPLACIAN = { width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 1, offset: 128 };

export async function measureQuality(image: Buffer): Promise<ImageQuality> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const grey = sharp(image).greyscale().resize(QUALITY_SIZE, QUALITY_SIZE, { fit: 'inside' });
  const stats = await grey.clone().stats();
  // sharp writes 8-bit results, so the Laplacian is offset by 128 to keep its negative half;
  // the few values that still clip only lower the variance, i.e. err towards "blurry".
  const { data } = await grey.clone().convolve(LAPLACIAN).raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i] - 128;
    sum += v;
    sumSq += v * v;
  }
  const mean = sum / data.length;
  return { width, height, brightness: stats.channels[0].mean, sharpness: sumSq / data.length - mean * mean };
}

/** The error code of a photo that cannot be read, or null when it is good enough. */
export function qualityProblem(q: ImageQuality): { code: string; message: string } | null {
  if (q.brightness < MIN_BRIGHTNESS)
    return { code: 'image_too_dark', message: `mean brightness ${q.brightness.toFixed(0)} is below ${MIN_BRIGHTNESS} (of 255)` };
  if (q.brightness > MAX_BRIGHTNESS)
    return { code: 'image_too_bright', message: `mean brightness ${q.brightness.toFixed(0)} is above ${MAX_BRIGHTNESS} (of 255)` };
  if (q.sharpness < MIN_SHARPNESS)
    return {
      code: 'image_too_blurry',
      message: `sharpness (variance of the Laplacian) ${q.sharpness.toFixed(1)} is below ${MIN_SHARPNESS}`,
    };
  return null;
}
