import {
  decodeLogoDataUrl,
  LOGO_LIMITS,
  LogoContentType,
  LogoProblem,
  logoTypeMismatch,
  SniffedLogoType,
  sniffLogoType,
} from '@astro/contracts';
import { outboundRequest, OutboundPolicy } from '@astro/outbound-http';
import { LogoRejected } from './logo-rejected';
import { rasteriseLogo, LogoFormat } from './rasterise-logo';
import { rasterHeaderSize } from './raster-header';
import { sanitiseSvg, SvgRejected } from './svg-sanitise';

export { LogoRejected };
const LOGO_FETCH_MAX_BYTES = 5 * 1024 * 1024;

export interface NormalisedLogo {
  /** the logo as it is stored and embedded: a PNG fitting 600 × 600 px */
  png: Buffer;
  width: number;
  height: number;
  /** for an SVG, what the sanitiser took out (empty otherwise) */
  removed: string[];
}

/** A logo that passed every check short of drawing it: what the rasteriser is given. */
export interface CheckedLogo {
  format: LogoFormat;
  /** the bytes to draw: a sanitised SVG, or the raster image as it came */
  input: Buffer;
  removed: string[];
}

const FORMAT_OF: Record<SniffedLogoType, LogoFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * Every check of a logo that does not draw it: the size in bytes, the sniffed type (against the
 * declared one, when there is one), the pixel size a raster header declares, and for anything that
 * is not positively PNG, JPEG or WebP the SVG sanitiser with its limits. Cheap and synchronous: a
 * dry run (the developer preflight) stops here. Throws LogoRejected saying what is wrong.
 */
export function checkLogo(bytes: Buffer, declared: LogoContentType | null, maxBytes: number = LOGO_LIMITS.uploadMaxBytes): CheckedLogo {
  if (bytes.length > maxBytes) throw new LogoRejected(`${bytes.length} bytes, more than the ${maxBytes} a logo may have`);
  const sniffed = sniffLogoType(bytes);
  const mismatch = declared && logoTypeMismatch(sniffed, declared);
  if (mismatch) throw new LogoRejected(mismatch);
  const format = FORMAT_OF[sniffed];
  if (format === 'svg') {
    try {
      const clean = sanitiseSvg(bytes.toString('utf8'));
      return { format, input: Buffer.from(clean.svg, 'utf8'), removed: clean.removed };
    } catch (err) {
      if (err instanceof SvgRejected) throw new LogoRejected(err.message);
      throw err;
    }
  }
  const size = rasterHeaderSize(bytes, format);
  if (size && size.width * size.height > LOGO_LIMITS.maxPixels) {
    const { width, height } = size;
    throw new LogoRejected(
      `${width}×${height} is ${((width * height) / 1e6).toFixed(1)} megapixels, more than ${LOGO_LIMITS.maxPixels / 1e6}`,
    );
  }
  return { format, input: bytes, removed: [] };
}

/**
 * Checks a logo and turns it into the PNG a report embeds: `checkLogo`, then the drawing by sharp
 * (librsvg for an SVG) in a child process with a time and pixel budget (rasterise-logo.ts), so no
 * SVG markup ever reaches Chromium and no logo can take this process's CPU. `declared` null: a
 * fetched logo, whatever its bytes are. Throws LogoRejected with a message that starts with what is wrong.
 */
export async function normaliseLogo(
  bytes: Buffer,
  declared: LogoContentType | null,
  maxBytes: number = LOGO_LIMITS.uploadMaxBytes,
): Promise<NormalisedLogo> {
  const checked = checkLogo(bytes, declared, maxBytes);
  const drawn = await rasteriseLogo(checked.input, checked.format);
  return { ...drawn, removed: checked.removed };
}

/** A `data:` URL logo checked as `checkLogo` does (at most 256 KiB), without drawing it. */
export function checkDataUrlLogo(url: string): CheckedLogo {
  let decoded;
  try {
    decoded = decodeLogoDataUrl(url);
  } catch (err) {
    if (err instanceof LogoProblem) throw new LogoRejected(err.message);
    throw err;
  }
  return checkLogo(decoded.bytes, decoded.contentType, LOGO_LIMITS.dataUrlMaxBytes);
}

/** A `data:` URL logo, checked and normalised as an upload would be (at most 256 KiB). */
export async function normaliseDataUrlLogo(url: string): Promise<NormalisedLogo> {
  const checked = checkDataUrlLogo(url);
  const drawn = await rasteriseLogo(checked.input, checked.format);
  return { ...drawn, removed: checked.removed };
}

const asDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * Fetches a brand logo through the SSRF-safe client and normalises it to a PNG fitting 600 × 600 px,
 * inline as a data: URL. A logo that cannot be had never fails a report: the caller gets a warning
 * to record on the job instead.
 */
export async function fetchLogo(
  url: string,
  policy: Omit<OutboundPolicy, 'maxBytes'>,
): Promise<{ dataUrl: string | null; warning: string | null }> {
  try {
    const response = await outboundRequest(url, { headers: { Accept: 'image/*' } }, { ...policy, maxBytes: LOGO_FETCH_MAX_BYTES });
    if (response.status !== 200) throw new Error(`the server answered ${response.status}`);
    // Whatever the server says it is: PNG, JPEG or WebP by their magic bytes, anything else must
    // pass the SVG sanitiser, and all of it is drawn by the budgeted rasteriser.
    return { dataUrl: asDataUrl((await normaliseLogo(response.body, null, LOGO_FETCH_MAX_BYTES)).png), warning: null };
  } catch (err) {
    // The warning stays with the job and its events: it names the field, never the URL (which may carry a token).
    return { dataUrl: null, warning: `logo not shown: branding.logo_url could not be used (${(err as Error).message})` };
  }
}

/** Where a logo of a resolved branding comes from, and how the worker reads an uploaded one. */
export interface LogoSources {
  /** the outbound policy for a logo at a public URL */
  policy: Omit<OutboundPolicy, 'maxBytes'>;
  /** the stored PNG of a logo upload (`vup_…`), or null when it is gone */
  uploadedLogo: (uploadId: string) => Promise<Buffer | null>;
}

/**
 * The logo of a report or reading as an inline PNG data: URL, from an uploaded logo, a data: URL or
 * a public URL; null without a logo. A logo that cannot be used gives a warning, never a failure.
 */
export async function loadLogo(
  branding: { logo_url: string | null; logo_upload_id?: string | null },
  sources: LogoSources,
): Promise<{ dataUrl: string | null; warning: string | null }> {
  if (branding.logo_upload_id) {
    const png = await sources.uploadedLogo(branding.logo_upload_id);
    return png
      ? { dataUrl: asDataUrl(png), warning: null }
      : { dataUrl: null, warning: `logo not shown: the uploaded logo ${branding.logo_upload_id} is gone` };
  }
  if (!branding.logo_url) return { dataUrl: null, warning: null };
  if (/^data:/i.test(branding.logo_url)) {
    try {
      return { dataUrl: asDataUrl((await normaliseDataUrlLogo(branding.logo_url)).png), warning: null };
    } catch (err) {
      return { dataUrl: null, warning: `logo not shown: the data: URL could not be used (${(err as Error).message})` };
    }
  }
  return fetchLogo(branding.logo_url, sources.policy);
}
