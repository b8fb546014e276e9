import sharp from 'sharp';
import { chartWheelSvg, WheelInput, wheelHeight } from './chart-wheel';

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

/** The wheel's width in SVG units when the caller gives none; its height follows from the legend. */
export const CHART_IMAGE_SIZE = 600;
/** PNG pixels per SVG unit: the PNG is rasterised at twice the SVG size. */
const PNG_SCALE = 2;

/** The wheel rasterised by sharp (librsvg, the DejaVu Sans glyphs) at `scale` pixels per SVG unit. */
export async function wheelPng(wheel: WheelInput, scale = PNG_SCALE): Promise<{ data: Buffer; width: number; height: number }> {
  const svg = chartWheelSvg({ ...wheel, size: wheel.size ?? CHART_IMAGE_SIZE });
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * scale })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A chart wheel as an image: the PDF reports' wheel (chartWheelSvg, the same drawing), as SVG
 * text or as a PNG rasterised by sharp (librsvg) at twice the SVG size.
 */
export async function chartImage(format: ChartImageFormat, wheel: WheelInput): Promise<ChartImage> {
  const size = wheel.size ?? CHART_IMAGE_SIZE;
  const height = wheelHeight({ ...wheel, size });
  if (format === 'svg') return { format, media_type: 'image/svg+xml', width: size, height, data: chartWheelSvg({ ...wheel, size }) };
  const png = await wheelPng({ ...wheel, size });
  return { format, media_type: 'image/png', width: png.width, height: png.height, data: png.data.toString('base64') };
}
