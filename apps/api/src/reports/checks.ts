import { checkBrandProfile, checkLogoUrl } from '../accounts/checks';
import { assertSupportedInstant } from '@astro/ephemeris';
import { CheckContext, InputOf } from '../http/route';

/** The transit window's dates inside the ephemeris (the birth subject's range is the parse's). */
export function checkTransitWindow({ body }: InputOf<'queueTransitWindowReport'>): void {
  for (const field of ['start_date', 'end_date'] as const) assertSupportedInstant(new Date(`${body[field]}T12:00:00Z`), field);
}

/** A queued report: its own check, then its branding's logo URL and brand profile. */
export const queuedReport =
  <I extends { body: { branding?: { logo_url?: string }; brand_profile_id?: string } }>(check?: (input: I) => void) =>
  async (input: I, ctx: CheckContext): Promise<void> => {
    check?.(input);
    await checkLogoUrl(input.body.branding?.logo_url, 'branding.logo_url', ctx);
    await checkBrandProfile(ctx, input.body.brand_profile_id);
  };
