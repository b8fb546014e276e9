import { z } from 'zod';
import { isKnownTimeZone } from '@astro/ephemeris';
import { BirthSubject, NamedBirthSubject } from '../shared/birth-subject';
import { Branding, BrandingFields, BrandProfileId } from '../shared/branding';
import { pageQuery } from '../shared/request-shapes';
import { VisualUploadId } from '../shared/ids';
import { Audience, SafetyMode, Tone } from '../shared/voice';
import { CalendarDate } from '../shared/calendar-date';
import { HouseSystemField } from '../shared/chart-options';

const ReportLocale = z.enum(['th', 'en']).default('en');
export const ReportName = z.string().min(1).max(120);

/** What every report request shares: the edition (language, digits) and its branding. */
export const reportEditionFields = {
  locale: ReportLocale,
  thai_digits: z
    .boolean()
    .default(false)
    .describe(
      'Thai edition only (locale th): write every number in Thai digits (๐–๙), e.g. พ.ศ. ๒๕๖๙; default false (Arabic digits, as most Thai print today)',
    ),
  branding: Branding.optional(),
  brand_profile_id: BrandProfileId.optional(),
};
const reportCommon = { house_system: HouseSystemField, ...reportEditionFields };

/** Thai digits belong to the Thai edition: asked for with another locale, a 400 naming the field. */
export function thaiDigitsNeedThai(body: { locale: string; thai_digits: boolean }, ctx: z.RefinementCtx) {
  if (body.thai_digits && body.locale !== 'th')
    ctx.addIssue({ code: 'custom', path: ['thai_digits'], message: 'is available for locale th only' });
}

export const SynastryReportRequest = z
  .object({ person_a: NamedBirthSubject, person_b: NamedBirthSubject, ...reportCommon })
  .strict()
  .superRefine(thaiDigitsNeedThai);

export const MAX_TRANSIT_WINDOW_DAYS = 31;
export const TransitWindowReportRequest = z
  .object({
    birth_subject: BirthSubject,
    start_date: CalendarDate,
    end_date: CalendarDate,
    name: ReportName,
    timezone: z
      .string()
      .min(1)
      .max(64)
      .refine(isKnownTimeZone, { message: 'unknown time zone: use an IANA name such as Asia/Bangkok or America/New_York' })
      .optional()
      .describe(
        "IANA time zone the subject lives in now (e.g. America/New_York): the report's days and times are on this clock, daylight-saving changes included; default: birth_subject.timezone, else the birth's fixed UTC offset",
      ),
    ...reportCommon,
  })
  .strict()
  .superRefine((body, ctx) => {
    thaiDigitsNeedThai(body, ctx);
    const days = (Date.parse(body.end_date) - Date.parse(body.start_date)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
    if (days > MAX_TRANSIT_WINDOW_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: `must be at most ${MAX_TRANSIT_WINDOW_DAYS} days after start_date` });
  });

export const SolarReturnReportRequest = z
  .object({ birth_subject: BirthSubject, target_year: z.number().int().min(1900).max(2200), name: ReportName, ...reportCommon })
  .strict()
  .superRefine(thaiDigitsNeedThai);

export const BrandProfileBranding = z
  .object({
    ...BrandingFields,
    logo_upload_id: VisualUploadId.describe(
      'a completed upload of kind `logo` (POST /api/v3/visual-readings/uploads): the logo is kept while the profile names it; instead of logo_url',
    ),
    tone: Tone,
    audience: Audience,
    safety_mode: SafetyMode,
  })
  .partial()
  .strict()
  .meta({ id: 'BrandProfileBranding' });

/** A profile's logo is one thing: a URL (http(s) or data:) or an uploaded logo, never both in one request. */
const oneLogo = <T extends { branding?: { logo_url?: string; logo_upload_id?: string } }>(body: T, ctx: z.RefinementCtx) => {
  if (body.branding?.logo_url !== undefined && body.branding.logo_upload_id !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['branding', 'logo_upload_id'], message: 'send logo_url or logo_upload_id, not both' });
  }
};

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
  .strict()
  .superRefine(oneLogo);
export const UpdateBrandProfileRequest = z
  .object({ name: z.string().min(1).max(120).optional(), branding: BrandProfileBranding.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.branding !== undefined, { message: 'send name and/or branding to change' })
  .superRefine(oneLogo);

export const BrandProfileParams = z.object({ id: z.string() }).strict();
export const CoverPreviewQuery = z
  .object({ locale: z.enum(['en', 'th']).default('en').describe('the edition whose cover is drawn') })
  .strict();
export const PageQuery = pageQuery('brandProfile', 20);
export const BrandProfileList = z
  .object({ profiles: z.array(BrandProfile), next_cursor: z.string().nullable() })
  .meta({ id: 'BrandProfileList' });
