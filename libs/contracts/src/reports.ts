import { z } from 'zod';
import { BirthSubject, NamedBirthSubject } from './birth-subject';
import { idSchema } from './ids';
import { Audience, SafetyMode, Tone } from './voice';
import { HouseSystemField } from './western';

export const BrandProfileId = idSchema('brandProfile');
const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a calendar date YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'is not a calendar date');
const ReportLocale = z.enum(['th', 'en']).default('en');
const ReportName = z.string().min(1).max(120);

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

const reportCommon = {
  house_system: HouseSystemField,
  locale: ReportLocale,
  branding: Branding.optional(),
  brand_profile_id: BrandProfileId.optional(),
};

export const SynastryReportRequest = z
  .object({ person_a: NamedBirthSubject, person_b: NamedBirthSubject, ...reportCommon })
  .strict();

export const MAX_TRANSIT_WINDOW_DAYS = 31;
export const TransitWindowReportRequest = z
  .object({ birth_subject: BirthSubject, start_date: CalendarDate, end_date: CalendarDate, name: ReportName, ...reportCommon })
  .strict()
  .superRefine((body, ctx) => {
    const days = (Date.parse(body.end_date) - Date.parse(body.start_date)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
    if (days > MAX_TRANSIT_WINDOW_DAYS) ctx.addIssue({ code: 'custom', path: ['end_date'], message: `must be at most ${MAX_TRANSIT_WINDOW_DAYS} days after start_date` });
  });

export const SolarReturnReportRequest = z
  .object({ birth_subject: BirthSubject, target_year: z.number().int().min(1900).max(2200), name: ReportName, ...reportCommon })
  .strict();

export const BrandProfileBranding = z
  .object({ ...BrandingFields, tone: Tone, audience: Audience, safety_mode: SafetyMode })
  .partial()
  .strict()
  .meta({ id: 'BrandProfileBranding' });

export const BrandProfile = z
  .object({
    id: z.string(),
    name: z.string(),
    branding: BrandProfileBranding,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'BrandProfile' });
export type BrandProfile = z.infer<typeof BrandProfile>;

export const CreateBrandProfileRequest = z
  .object({ name: z.string().min(1).max(120), branding: BrandProfileBranding.required({ brand_name: true }) })
  .strict();
export const UpdateBrandProfileRequest = z
  .object({ name: z.string().min(1).max(120).optional(), branding: BrandProfileBranding.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.branding !== undefined, { message: 'send name and/or branding to change' });

export const BrandProfileParams = z.object({ id: z.string() }).strict();
export const PageQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  })
  .strict();
export const BrandProfileList = z
  .object({ profiles: z.array(BrandProfile), next_cursor: z.string().nullable() })
  .meta({ id: 'BrandProfileList' });
