import sharp from 'sharp';
import { LOGO_CONTENT_TYPES, LogoContentType, UPLOAD_LIMITS, UploadKind } from '@astro/contracts';
import { LogoRejected, normaliseLogo } from '@astro/rendering';

/** sharp's names of the formats an upload may have (HEIC decodes as `heif`). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export class UploadRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRejected';
  }
}

export interface NormalisedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/**
 * The stored copy of an upload of any kind: a photo as `normaliseUpload` makes it, a logo as the
 * renderer embeds it (`normaliseLogo`: sniffed against the declared type, an SVG sanitised and
 * rasterised, a PNG fitting 600 × 600 px). Throws UploadRejected naming `file`.
 */
export async function normaliseUploadOfKind(kind: UploadKind, declaredType: string, input: Buffer): Promise<NormalisedImage> {
  if (kind !== 'logo') return normaliseUpload(input);
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(declaredType))
    throw new UploadRejected(`file: a logo must be PNG, JPEG or SVG, not ${declaredType}`);
  try {
    const logo = await normaliseLogo(input, declaredType as LogoContentType);
    return { bytes: logo.png, contentType: 'image/png', width: logo.width, height: logo.height };
  } catch (err) {
    if (err instanceof LogoRejected) throw new UploadRejected(`file: ${err.message}`);
    throw err;
  }
}

/**
 * Checks an uploaded image and returns the copy that is stored: EXIF orientation applied (so the
 * landmark models see the photo upright), re-encoded as JPEG, which drops every piece of metadata
 * (EXIF with GPS, XMP, IPTC, ICC profile), since sharp keeps none unless asked to.
 * The header is read first, so an oversized image is refused before its pixels are decoded.
 */
export async function normaliseUpload(input: Buffer): Promise<NormalisedImage> {
  if (input.length > UPLOAD_LIMITS.maxBytes) throw new UploadRejected(`file: ${input.length} bytes, more than 15 MB`);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new UploadRejected(`file: not a decodable JPEG, PNG, WebP or HEIC image (${(err as Error).message})`);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new UploadRejected(`file: format ${metadata.format ?? 'unknown'} is not accepted; send JPEG, PNG, WebP or HEIC`);
  }
  // The prebuilt libvips of sharp decodes HEIF with AV1 (AVIF) but has no HEVC decoder (patents),
  // so most iPhone HEIC photos cannot be read here: say so rather than a generic decode error.
  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    throw new UploadRejected(
      'file: HEIC with HEVC compression cannot be decoded by this service; send JPEG, PNG, WebP or an AVIF-coded HEIC (iPhone: Settings › Camera › Formats › Most Compatible)',
    );
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > UPLOAD_LIMITS.maxPixels) {
    throw new UploadRejected(`file: ${width}×${height} is ${((width * height) / 1e6).toFixed(1)} megapixels, more than 40`);
  }
  if (Math.min(width, height) < UPLOAD_LIMITS.minShortSide) {
    throw new UploadRejected(`file: ${width}×${height} is too small; the short side must be at least ${UPLOAD_LIMITS.minShortSide} px`);
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error' })
      .rotate() // applies and removes the EXIF orientation
      .toColourspace('srgb')
      .jpeg({ quality: 92, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (err) {
    throw new UploadRejected(`file: the image could not be decoded (${(err as Error).message})`);
  }
}
