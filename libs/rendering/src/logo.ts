import sharp from 'sharp';
import { decodeLogoDataUrl, LOGO_LIMITS, LogoContentType, LogoProblem, sniffLogoType } from '@astro/contracts';
import { outboundRequest, OutboundPolicy } from '@astro/outbound-http';
import { sanitiseSvg, SvgRejected } from './svg-sanitise';

export const LOGO_MAX_WIDTH = 600;
const LOGO_FETCH_MAX_BYTES = 5 * 1024 * 1024;

export class LogoRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogoRejected';
  }
}

export interface NormalisedLogo {
  /** the logo as it is stored and embedded: a PNG at most 600 px wide */
  png: Buffer;
  width: number;
  height: number;
  /** for an SVG, what the sanitiser took out (empty otherwise) */
  removed: string[];
}

/**
 * Checks a logo and turns it into the PNG a report embeds. The bytes must be what `declared` says
 * (sniffed, never trusted), within the size and pixel limits; an SVG is sanitised (svg-sanitise.ts)
 * and rasterised by librsvg through sharp, so no SVG markup ever reaches Chromium. Throws
 * LogoRejected with a message that starts with what is wrong.
 */
export async function normaliseLogo(
  bytes: Buffer,
  declared: LogoContentType,
  maxBytes: number = LOGO_LIMITS.uploadMaxBytes,
): Promise<NormalisedLogo> {
  if (bytes.length > maxBytes) throw new LogoRejected(`${bytes.length} bytes, more than the ${maxBytes} a logo may have`);
  const sniffed = sniffLogoType(bytes);
  if (sniffed !== declared)
    throw new LogoRejected(`the bytes are ${sniffed ?? 'not a PNG, JPEG or SVG image'}, not the declared ${declared}`);
  let input = bytes;
  let removed: string[] = [];
  let density: number | undefined;
  if (declared === 'image/svg+xml') {
    try {
      const clean = sanitiseSvg(bytes.toString('utf8'));
      input = Buffer.from(clean.svg, 'utf8');
      removed = clean.removed;
    } catch (err) {
      if (err instanceof SvgRejected) throw new LogoRejected(err.message);
      throw err;
    }
    // Rasterise at the density that makes the drawing 600 px wide (sharp's SVG default is 72 dpi).
    const size = await metadataOf(input, declared);
    density = Math.min(2400, Math.max(1, (72 * LOGO_MAX_WIDTH) / Math.max(1, size.width ?? LOGO_MAX_WIDTH)));
  }
  const meta = await metadataOf(input, declared, density);
  const expected = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/svg+xml': 'svg' }[declared];
  if (meta.format !== expected) throw new LogoRejected(`the bytes decode as ${meta.format ?? 'nothing'}, not the declared ${declared}`);
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) throw new LogoRejected('the image has no size');
  if (width * height > LOGO_LIMITS.maxPixels) {
    throw new LogoRejected(
      `${width}×${height} is ${((width * height) / 1e6).toFixed(1)} megapixels, more than ${LOGO_LIMITS.maxPixels / 1e6}`,
    );
  }
  try {
    const { data, info } = await sharp(input, { density, limitInputPixels: LOGO_LIMITS.maxPixels, failOn: 'error' })
      .resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height, removed };
  } catch (err) {
    throw new LogoRejected(`the image could not be decoded (${(err as Error).message})`);
  }
}

async function metadataOf(input: Buffer, declared: LogoContentType, density?: number) {
  try {
    return await sharp(input, { density, limitInputPixels: false }).metadata();
  } catch (err) {
    throw new LogoRejected(`not a decodable ${declared} image (${(err as Error).message})`);
  }
}

/** A `data:` URL logo, checked and normalised as an upload would be (at most 256 KiB). */
export async function normaliseDataUrlLogo(url: string): Promise<NormalisedLogo> {
  let decoded;
  try {
    decoded = decodeLogoDataUrl(url);
  } catch (err) {
    if (err instanceof LogoProblem) throw new LogoRejected(err.message);
    throw err;
  }
  return normaliseLogo(decoded.bytes, decoded.contentType, LOGO_LIMITS.dataUrlMaxBytes);
}

const asDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * Fetches a brand logo through the SSRF-safe client and normalises it to a PNG at most 600 px
 * wide, inline as a data: URL. A logo that cannot be had never fails a report: the caller gets a
 * warning to record on the job instead.
 */
export async function fetchLogo(
  url: string,
  policy: Omit<OutboundPolicy, 'maxBytes'>,
): Promise<{ dataUrl: string | null; warning: string | null }> {
  try {
    const response = await outboundRequest(url, { headers: { Accept: 'image/*' } }, { ...policy, maxBytes: LOGO_FETCH_MAX_BYTES });
    if (response.status !== 200) throw new Error(`the server answered ${response.status}`);
    // A fetched SVG goes through the same sanitiser and rasteriser as an uploaded one.
    const sniffed = sniffLogoType(response.body);
    if (sniffed) return { dataUrl: asDataUrl((await normaliseLogo(response.body, sniffed, LOGO_FETCH_MAX_BYTES)).png), warning: null };
    const png = await sharp(response.body, { limitInputPixels: 40_000_000 })
      .resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true })
      .png()
      .toBuffer();
    return { dataUrl: asDataUrl(png), warning: null };
  } catch (err) {
    return { dataUrl: null, warning: `logo not shown: ${url} could not be used (${(err as Error).message})` };
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
