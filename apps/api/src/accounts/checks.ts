import { findBrandProfile } from '@astro/accounts';
import { checkDataUrlLogo, LogoRejected, rasteriseLogo } from '@astro/rendering';
import { badRequest } from '../http/api-error';
import { CheckContext } from '../http/route';

/** A chart image in a brand profile's colour names a profile of this account: the profile, or null. */
export function imageProfile({ body }: { body: { image?: string; brand_profile_id?: string } }, ctx: CheckContext) {
  return body.image ? checkBrandProfile(ctx, body.brand_profile_id) : null;
}

/**
 * A data: URL logo must be an image the renderer can use: decoded, an SVG sanitised within its
 * drawing limits, then drawn by the budgeted rasteriser (a child process, never this event loop)
 * within the account's share of the process's free image work (429 when it is spent); a dry run
 * stops before the drawing. (The schema has already checked its media type, size and sniffed
 * bytes.) An http(s) URL is fetched only when the report renders.
 */
export async function checkLogoUrl(url: string | undefined, field: string, ctx: CheckContext): Promise<void> {
  if (url === undefined || !/^data:/i.test(url)) return;
  try {
    const checked = checkDataUrlLogo(url);
    if (!ctx.dryRun) await ctx.freeWork.run(ctx.accountId, () => rasteriseLogo(checked.input, checked.format));
  } catch (err) {
    if (err instanceof LogoRejected) throw badRequest(`invalid body: ${field}: ${err.message}`);
    throw err;
  }
}

/** The brand profile a job names must be one of the account's. */
export async function checkBrandProfile(ctx: CheckContext, brandProfileId: string | undefined) {
  if (!brandProfileId) return null;
  const profile = await findBrandProfile(ctx.db, ctx.accountId, brandProfileId);
  if (!profile) throw badRequest('invalid body: brand_profile_id: no brand profile with this id in this account');
  return profile;
}
