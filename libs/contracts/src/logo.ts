/**
 * Brand logos: a public http(s) URL, a `data:` URL, or an upload of kind `logo`. The
 * limits and the content sniffing live here so that the request schemas, the upload routes and the
 * renderer apply the same rules; the decoding, SVG sanitising and rasterising live in
 * `@astro/rendering` (`normaliseLogo`).
 */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const LOGO_LIMITS = {
  /** the decoded bytes of a `data:` URL logo */
  dataUrlMaxBytes: 256 * 1024,
  /** the bytes of an uploaded logo */
  uploadMaxBytes: 2 * 1024 * 1024,
  /** a raster logo's pixels, and an SVG's pixels once rasterised */
  maxPixels: 25_000_000,
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/**
 * An SVG document: optional BOM, XML declaration, comments and DOCTYPE, then the <svg> root. (A
 * DOCTYPE makes it an SVG here so that the sanitiser can refuse it by name.)
 */
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/;

/** What the bytes are, read from their first bytes (never from a declared type): PNG, JPEG, SVG, or null. */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // SVG is text: no NUL byte, and the root element within the first KiB or so.
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  if (!head.includes('\0') && SVG_START.test(head)) return 'image/svg+xml';
  return null;
}

export class LogoProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogoProblem';
  }
}

const DATA_URL = /^data:([a-z0-9.+/-]+)((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The image inside a `data:` URL, after checking its media type (PNG, JPEG or SVG), its encoding,
 * its size and that the bytes are what the media type says. Throws LogoProblem saying why not.
 */
export function decodeLogoDataUrl(url: string): { contentType: LogoContentType; bytes: Buffer } {
  const match = DATA_URL.exec(url);
  if (!match) throw new LogoProblem('a data: URL must look like data:image/png;base64,…');
  const contentType = match[1].toLowerCase();
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new LogoProblem(`a data: URL logo must be image/png, image/jpeg or image/svg+xml, not ${contentType}`);
  }
  let bytes: Buffer;
  if (match[3]) {
    const payload = match[4].replace(/\s+/g, '');
    if (!BASE64.test(payload) || payload.length % 4 === 1) throw new LogoProblem('the data: URL is not valid base64');
    bytes = Buffer.from(payload, 'base64');
  } else {
    try {
      bytes = Buffer.from(decodeURIComponent(match[4]), 'utf8');
    } catch {
      throw new LogoProblem('the data: URL is not valid percent-encoding');
    }
  }
  if (bytes.length === 0) throw new LogoProblem('the data: URL holds no image');
  if (bytes.length > LOGO_LIMITS.dataUrlMaxBytes) {
    throw new LogoProblem(
      `the image is ${bytes.length} bytes, more than ${LOGO_LIMITS.dataUrlMaxBytes} (256 KiB); upload it instead (kind logo)`,
    );
  }
  const sniffed = sniffLogoType(bytes);
  if (sniffed !== contentType)
    throw new LogoProblem(`the bytes are ${sniffed ?? 'not a PNG, JPEG or SVG image'}, not the declared ${contentType}`);
  return { contentType, bytes };
}
