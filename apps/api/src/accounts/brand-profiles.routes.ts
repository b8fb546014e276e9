import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { REPORT_CSP } from '@astro/rendering';
import { BrandProfilesService } from './brand-profiles.service';
import { checkLogoUrl } from './checks';
import { Call, Route } from '../http/route';

/** Reusable report branding (Customer reports tag: customer session tokens). */
@Injectable()
export class BrandProfilesRoutes {
  constructor(private readonly profiles: BrandProfilesService) {}

  @Route(ROUTES.listBrandProfiles)
  list({ caller, query }: Call<typeof ROUTES.listBrandProfiles>) {
    return this.profiles.list(caller.accountId, query);
  }

  @Route(ROUTES.createBrandProfile, ({ body }, ctx) => checkLogoUrl(body.branding.logo_url, 'branding.logo_url', ctx))
  async create({ caller, body }: Call<typeof ROUTES.createBrandProfile>) {
    const input = body;
    return this.profiles.create(caller, input as { name: string; branding: Record<string, string> });
  }

  @Route(ROUTES.getBrandProfile)
  async get({ caller, params: { id } }: Call<typeof ROUTES.getBrandProfile>) {
    return this.profiles.get(caller, id);
  }

  @Route(ROUTES.previewBrandProfileCover)
  async coverPreview({ caller, reply, params: { id }, query }: Call<typeof ROUTES.previewBrandProfileCover>) {
    const page = await this.profiles.coverPreview(caller, id, query.locale);
    // The page is the report shell's: its own policy (no script, no network), sandboxed when opened on its own.
    void reply.header('Content-Type', 'text/html; charset=utf-8').header('Content-Security-Policy', `${REPORT_CSP}; sandbox`);
    return page;
  }

  @Route(ROUTES.updateBrandProfile, ({ body }, ctx) => checkLogoUrl(body.branding?.logo_url, 'branding.logo_url', ctx))
  async update({ caller, body, params: { id } }: Call<typeof ROUTES.updateBrandProfile>) {
    const change = body;
    return this.profiles.update(caller, id, change as { name?: string; branding?: Record<string, string> });
  }

  @Route(ROUTES.deleteBrandProfile)
  async remove({ caller, params: { id } }: Call<typeof ROUTES.deleteBrandProfile>) {
    await this.profiles.remove(caller, id);
  }
}
