import { z } from 'zod';
import { idSchema } from './ids';

export const BrandProfileId = idSchema('brandProfile');
/** The spec's branding object: rendered into the PDF (logo, colour, contacts in the footer). */
export const BrandingFields = {
  brand_name: z.string().min(1).max(60),
  logo_url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
  primary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour #rrggbb'),
  contact_email: z.email({ message: 'must be an e-mail address' }),
  contact_phone: z.string().regex(/^\+?[0-9][0-9 ()./-]{3,30}$/, 'must be a telephone number, e.g. +66 2 123 4567'),
  contact_url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
};
export const Branding = z.object(BrandingFields).partial().strict().meta({ id: 'Branding' });
