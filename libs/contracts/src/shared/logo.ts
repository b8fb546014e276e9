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

/** What the bytes of a logo are: one of the raster formats by its magic bytes, or an SVG candidate. */
export type SniffedLogoType = LogoContentType | 'image/webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, at: number, signature: number[]) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The one detection of a logo's format, for uploads, `data:` URLs and fetched logos alike. PNG,
 * JPEG and WebP are recognised positively by their magic bytes; ANYTHING else is an SVG candidate
 * (image/svg+xml), which the SVG sanitiser then parses properly or refuses. There is deliberately
 * no "looks like SVG" test here: librsvg renders documents that such a test misses (a prefixed
 * `<svg:svg>` root, a long comment, doctype or whitespace before the root, gzip-compressed SVG),
 * and a miss must never mean "hand the bytes to the decoder unsanitised".
 */
export function sniffLogoType(bytes: Uint8Array): SniffedLogoType {
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  return 'image/svg+xml';
}

/** Why bytes sniffed as `sniffed` are not the `declared` type, or null when they are. */
export function logoTypeMismatch(sniffed: SniffedLogoType, declared: LogoContentType): string | null {
  if (sniffed === declared) return null;
  if (sniffed === 'image/svg+xml') return `the bytes are not a PNG, JPEG or WebP image, so not the declared ${declared}`;
  return `the bytes are ${sniffed}, not the declared ${declared}`;
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
  const mismatch = logoTypeMismatch(sniffLogoType(bytes), contentType as LogoContentType);
  if (mismatch) throw new LogoProblem(mismatch);
  return { contentType: contentType as LogoContentType, bytes };
}
