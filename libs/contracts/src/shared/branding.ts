import { z } from 'zod';
import { idSchema } from './ids';
import { decodeLogoDataUrl, LOGO_LIMITS, LogoProblem } from './logo';

export const BrandProfileId = idSchema('brandProfile');

const HTTP_URL = z.url({ protocol: /^https?$/ });
/** Base64 of the largest data: URL logo, plus its header. */
const LOGO_URL_MAX_LENGTH = Math.ceil(LOGO_LIMITS.dataUrlMaxBytes / 3) * 4 + 64;

/**
 * A logo: a public http(s) URL fetched when the report renders, or a `data:` URL (PNG, JPEG or SVG,
 * at most 256 KiB decoded) whose bytes must be what its media type says. The renderer decodes it
 * again, sanitises an SVG and rasterises it to PNG (docs/security.md).
 */
export const LogoUrl = z
  .string()
  .max(LOGO_URL_MAX_LENGTH, `must be at most ${LOGO_URL_MAX_LENGTH} characters (a data: URL of at most 256 KiB)`)
  .superRefine((value, ctx) => {
    if (/^data:/i.test(value)) {
      try {
        decodeLogoDataUrl(value);
      } catch (err) {
        if (!(err instanceof LogoProblem)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
      }
    } else if (!HTTP_URL.safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL or a data: URL (image/png, image/jpeg or image/svg+xml)' });
    }
  })
  .describe(
    'a public http(s) URL, or a data: URL of a PNG, JPEG or SVG image (at most 256 KiB decoded; an SVG is sanitised and rasterised)',
  )
  .meta({ example: 'https://example.com/logo.png' });

/** The spec's branding object: rendered into the PDF (logo, colour, contacts in the footer). */
export const BrandingFields = {
  brand_name: z.string().min(1).max(60),
  logo_url: LogoUrl,
  primary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour #rrggbb'),
  contact_email: z.email({ message: 'must be an e-mail address' }),
  contact_phone: z.string().regex(/^\+?[0-9][0-9 ()./-]{3,30}$/, 'must be a telephone number, e.g. +66 2 123 4567'),
  contact_url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
};
export const Branding = z.object(BrandingFields).partial().strict().meta({ id: 'Branding' });
