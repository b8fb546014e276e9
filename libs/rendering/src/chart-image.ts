import sharp from 'sharp';
import { chartWheelSvg, WheelInput } from './chart-wheel';

export const CHART_IMAGE_FORMATS = ['svg', 'png'] as const;
export type ChartImageFormat = (typeof CHART_IMAGE_FORMATS)[number];

export interface ChartImage {
  format: ChartImageFormat;
  media_type: 'image/svg+xml' | 'image/png';
  width: number;
  height: number;
  /** the SVG document, or the PNG bytes in base64 */
  data: string;
}

/** PNG pixels per SVG unit: the wheel is drawn at 420 units and rasterised at twice that. */
const PNG_SCALE = 2;

/**
 * A chart wheel as an image: the PDF reports' wheel (chartWheelSvg, the same drawing), as SVG
 * text or as a PNG rasterised by sharp (librsvg) at twice the SVG size.
 */
export async function chartImage(format: ChartImageFormat, wheel: WheelInput): Promise<ChartImage> {
  const size = wheel.size ?? 420;
  const svg = chartWheelSvg({ ...wheel, size });
  if (format === 'svg') return { format, media_type: 'image/svg+xml', width: size, height: size, data: svg };
  const png = await sharp(Buffer.from(svg), { density: 72 * PNG_SCALE }).png({ compressionLevel: 6 }).toBuffer();
  return { format, media_type: 'image/png', width: size * PNG_SCALE, height: size * PNG_SCALE, data: png.toString('base64') };
}
