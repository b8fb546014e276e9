import type { Audience, SafetyMode, Tone } from '@astro/contracts';

/** The branding a report is rendered with, after profile and request fields are merged. */
export interface ResolvedBranding {
  brand_name: string;
  logo_url: string | null;
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
  primary_color: '#4b2e83',
  contact_email: null,
  contact_phone: null,
  contact_url: null,
  tone: 'professional',
  audience: 'consumer',
  safety_mode: 'default',
};

/** Profile first, then the request's own `branding` fields on top, then defaults for the rest. */
export function resolveBranding(profile: BrandingFields | null, request: BrandingFields | undefined): ResolvedBranding {
  const merged = { ...DEFAULT_BRANDING } as Record<string, unknown>;
  for (const source of [profile ?? {}, request ?? {}]) {
    for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== null) merged[key] = value;
  }
  return merged as unknown as ResolvedBranding;
}
