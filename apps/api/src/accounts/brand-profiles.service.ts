import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import {
  BrandProfileRecord,
  createBrandProfile,
  deleteBrandProfile,
  findBrandProfile,
  listBrandProfiles,
  updateBrandProfile,
} from '@astro/accounts';
import { BrandProfileId, InvalidCursorError } from '@astro/contracts';
import { PlatformConfig } from '@astro/config';
import { ArtifactStore } from '@astro/jobs';
import { BrandingFields, coverPreviewHtml, loadLogo, ResolvedBranding, resolveBranding } from '@astro/rendering';
import { claimLogoUpload, LOGO_FILE, uploadKey } from '@astro/visual';
import { ARTIFACT_STORE, CONFIG } from '../platform/platform';
import { Caller } from '../http/caller';
import { badRequest, notFound } from '../http/api-error';
import { eventMetadataOf } from '../http/request-ids';

const view = (p: BrandProfileRecord) => ({
  id: p.id,
  name: p.name,
  branding: p.branding,
  created_at: p.created_at,
  updated_at: p.updated_at,
});

type ProfileInput = { name: string; branding: Record<string, string> };
type ProfileChange = { name?: string; branding?: Record<string, string> };

/**
 * Reusable report branding of an account, and the branding a queued job takes from a profile.
 * Managed with an API key or a customer session, always within the caller's account.
 */
@Injectable()
export class BrandProfilesService {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(ARTIFACT_STORE) private readonly artifacts: ArtifactStore,
  ) {}

  /** A malformed id names no profile: the same 404 as another account's profile. */
  private id(raw: string): string {
    if (!BrandProfileId.safeParse(raw).success) throw notFound(`brand profile ${raw}`);
    return raw;
  }

  async list(accountId: string, page: Parameters<typeof listBrandProfiles>[2]) {
    try {
      const result = await listBrandProfiles(this.db, accountId, page);
      return { profiles: result.profiles.map(view), next_cursor: result.nextCursor };
    } catch (err) {
      if (err instanceof InvalidCursorError) throw badRequest(`invalid query: ${err.message}`); // the query schema stops these first
      throw err;
    }
  }

  /**
   * The logo of a profile's branding, checked before anything is stored: a data: URL must decode
   * (and an SVG sanitise and rasterise), an uploaded logo must be a completed logo of the account,
   * which it then keeps. A profile has one logo: setting one kind removes the other (null).
   */
  private async logo(caller: Caller, branding: Record<string, string> | undefined): Promise<Record<string, string | null> | undefined> {
    if (!branding) return branding;
    // A logo_url was checked by the route (accounts/checks.ts checkLogoUrl) before this call.
    if (branding.logo_url !== undefined) {
      return { ...branding, logo_upload_id: null };
    }
    if (branding.logo_upload_id !== undefined) {
      const problem = await claimLogoUpload(this.db, caller.accountId, branding.logo_upload_id);
      if (problem) throw badRequest(`invalid body: branding.logo_upload_id: ${problem}`);
      return { ...branding, logo_url: null };
    }
    return branding;
  }

  async create(caller: Caller, input: ProfileInput) {
    const metadata = eventMetadataOf(caller);
    const branding = (await this.logo(caller, input.branding)) as Record<string, string>;
    const stored = Object.fromEntries(Object.entries(branding).filter(([, v]) => v !== null)) as Record<string, string>;
    return view(await createBrandProfile(this.db, caller.accountId, { ...input, branding: stored }, metadata));
  }

  async get(caller: Caller, id: string) {
    const profile = await findBrandProfile(this.db, caller.accountId, this.id(id));
    if (!profile) throw notFound(`brand profile ${id}`);
    return view(profile);
  }

  /**
   * The cover of a report with this profile's branding, drawn by the report shell for a sample
   * client. Its logo comes from where a report's comes from (the uploaded PNG, a data: URL, or the
   * public URL through the outbound policy); one that cannot be used is left out.
   */
  async coverPreview(caller: Caller, id: string, locale: 'en' | 'th'): Promise<string> {
    const profile = await findBrandProfile(this.db, caller.accountId, this.id(id));
    if (!profile) throw notFound(`brand profile ${id}`);
    const branding = resolveBranding(profile.branding as BrandingFields, undefined);
    const { dataUrl } = await loadLogo(branding, {
      policy: { allowlist: this.config.outboundAllowlist, requireHttps: this.config.production, timeoutMs: 5_000, maxRedirects: 3 },
      uploadedLogo: (uploadId) => this.artifacts.get(uploadKey(uploadId, LOGO_FILE)),
    });
    return coverPreviewHtml(locale, branding, dataUrl, new Date().getUTCFullYear() + 1);
  }

  async update(caller: Caller, id: string, change: ProfileChange) {
    const metadata = eventMetadataOf(caller);
    const profileId = this.id(id);
    // Another account's profile is a 404 before its logo upload is looked at.
    if (!(await findBrandProfile(this.db, caller.accountId, profileId))) throw notFound(`brand profile ${id}`);
    const branding = await this.logo(caller, change.branding);
    const profile = await updateBrandProfile(this.db, caller.accountId, profileId, { ...change, branding }, metadata);
    if (!profile) throw notFound(`brand profile ${id}`);
    return view(profile);
  }

  async remove(caller: Caller, id: string): Promise<void> {
    const metadata = eventMetadataOf(caller);
    if (!(await deleteBrandProfile(this.db, caller.accountId, this.id(id), metadata))) throw notFound(`brand profile ${id}`);
  }

  /**
   * The branding a queued job renders, resolved at queueing so later changes of the profile do not
   * change the job: the profile's named in the request (an unknown one is the caller's 400), then the
   * request's own fields.
   */
  async jobBranding(accountId: string, profileId: string | undefined, fields?: BrandingFields): Promise<ResolvedBranding> {
    const profile = profileId ? await findBrandProfile(this.db, accountId, profileId) : null;
    if (profileId && !profile) throw badRequest('invalid body: brand_profile_id: no brand profile with this id in this account');
    return resolveBranding((profile?.branding as BrandingFields | undefined) ?? null, fields);
  }
}
