import { LOGO_CONTENT_TYPES, LogoContentType, UPLOAD_LIMITS, UploadKind } from '@astro/contracts';
import { LogoRejected, normaliseLogo, rasterHeaderSize, runInSharpChild, SharpChildRefused } from '@astro/rendering';

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

/** How long decoding and re-encoding one photo may take in its child process (a 40-megapixel photo takes about 3 s of one core). */
export const PHOTO_DECODE_BUDGET_MS = 15_000;

/**
 * What the child does with one photo (runInSharpChild of @astro/rendering): the header read, the
 * format, the pixel count and the short side checked, then the decoding held to the pixel limit,
 * the EXIF orientation applied (so the landmark models see the photo upright) and a JPEG made,
 * which drops every piece of metadata (EXIF with GPS, XMP, IPTC, ICC profile): sharp keeps none
 * unless asked to.
 */
const NORMALISE_PHOTO = `
  const { maxPixels, minShortSide, accepted } = message;
  const input = Buffer.from(message.input);
  let metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw { refused: 'not a decodable JPEG, PNG, WebP or HEIC image (' + err.message + ')' };
  }
  if (!metadata.format || !accepted.includes(metadata.format))
    throw { refused: 'format ' + (metadata.format || 'unknown') + ' is not accepted; send JPEG, PNG, WebP or HEIC' };
  // The prebuilt libvips of sharp decodes HEIF with AV1 (AVIF) but has no HEVC decoder (patents),
  // so most iPhone HEIC photos cannot be read here: say so rather than a generic decode error.
  if (metadata.format === 'heif' && metadata.compression === 'hevc')
    throw { refused: 'HEIC with HEVC compression cannot be decoded by this service; send JPEG, PNG, WebP or an AVIF-coded HEIC (iPhone: Settings › Camera › Formats › Most Compatible)' };
  const width = metadata.width || 0, height = metadata.height || 0;
  if (width * height > maxPixels)
    throw { refused: width + '×' + height + ' is ' + ((width * height) / 1e6).toFixed(1) + ' megapixels, more than ' + maxPixels / 1e6 };
  if (Math.min(width, height) < minShortSide)
    throw { refused: width + '×' + height + ' is too small; the short side must be at least ' + minShortSide + ' px' };
  try {
    const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .toColourspace('srgb')
      .jpeg({ quality: 92, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (err) {
    throw { refused: 'the image could not be decoded (' + err.message + ')' };
  }
`;

/** PNG, JPEG and WebP by their magic bytes: the formats whose header gives the size without a decoder. */
function rasterFormatOf(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks an uploaded image and returns the copy that is stored: upright, JPEG, without metadata.
 * The size a PNG, JPEG or WebP declares in its header is checked here first, before any decoder
 * sees the bytes (the decoded size is what costs: 40 megapixels at most); the decoding itself runs
 * in a child process with its time budget (PHOTO_DECODE_BUDGET_MS), never on this process's event
 * loop or thread pool. Throws UploadRejected naming `file`.
 */
export async function normaliseUpload(input: Buffer): Promise<NormalisedImage> {
  if (input.length > UPLOAD_LIMITS.maxBytes) throw new UploadRejected(`file: ${input.length} bytes, more than 15 MB`);
  const format = rasterFormatOf(input);
  const declared = format && rasterHeaderSize(input, format);
  if (declared && declared.width * declared.height > UPLOAD_LIMITS.maxPixels) {
    const { width, height } = declared;
    throw new UploadRejected(`file: ${width}×${height} is ${((width * height) / 1e6).toFixed(1)} megapixels, more than 40`);
  }
  try {
    const photo = await runInSharpChild<{ bytes: Uint8Array; width: number; height: number }>(
      NORMALISE_PHOTO,
      { input, maxPixels: UPLOAD_LIMITS.maxPixels, minShortSide: UPLOAD_LIMITS.minShortSide, accepted: [...ACCEPTED_FORMATS] },
      { timeMs: PHOTO_DECODE_BUDGET_MS, tooLong: `decoding the photo took longer than its budget of ${PHOTO_DECODE_BUDGET_MS / 1000} s` },
    );
    return { bytes: Buffer.from(photo.bytes), contentType: 'image/jpeg', width: photo.width, height: photo.height };
  } catch (err) {
    if (err instanceof SharpChildRefused) throw new UploadRejected(`file: ${err.message}`);
    throw err;
  }
}
