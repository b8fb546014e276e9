import type { Audience, SafetyMode, Tone } from '@astro/contracts';

/** The branding a report is rendered with, after profile and request fields are merged. */
export interface ResolvedBranding {
  brand_name: string;
  /** a public http(s) URL or a data: URL */
  logo_url: string | null;
  /** an uploaded logo (`vup_…`, kind logo), used instead of logo_url; only a brand profile names one */
  logo_upload_id: string | null;
  primary_color: string;
  contact_email: string | null;
  contact_phone: string | null;
  contact_url: string | null;
  tone: Tone;
  audience: Audience;
  safety_mode: SafetyMode;
}

export type BrandingFields = Partial<{
  brand_name: string;
  logo_url: string;
  logo_upload_id: string;
  primary_color: string;
  contact_email: string;
  contact_phone: string;
  contact_url: string;
  tone: Tone;
  audience: Audience;
  safety_mode: SafetyMode;
}>;

export const DEFAULT_BRANDING: ResolvedBranding = {
  brand_name: 'Astrology Report',
  logo_url: null,
  logo_upload_id: null,
  primary_color: '#4b2e83',
  contact_email: null,
  contact_phone: null,
  contact_url: null,
  tone: 'professional',
  audience: 'consumer',
  safety_mode: 'default',
};

/**
 * Profile first, then the request's own `branding` fields on top, then defaults for the rest. A
 * logo is one thing: a request's `logo_url` replaces the profile's uploaded logo as well as its URL.
 */
export function resolveBranding(profile: BrandingFields | null, request: BrandingFields | undefined): ResolvedBranding {
  const merged = { ...DEFAULT_BRANDING } as Record<string, unknown>;
  for (const source of [profile ?? {}, request ?? {}]) {
    if (source.logo_url !== undefined && source.logo_url !== null) merged.logo_upload_id = null;
    if (source.logo_upload_id !== undefined && source.logo_upload_id !== null) merged.logo_url = null;
    for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== null) merged[key] = value;
  }
  return merged as unknown as ResolvedBranding;
}
