import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import {
  BrandProfileRecord, createBrandProfile, deleteBrandProfile, findBrandProfile, InvalidCursorError, listBrandProfiles, updateBrandProfile,
} from '@astro/accounts';
import { BrandProfileId, ROUTES } from '@astro/contracts';
import { actorOf } from '../auth/principal';
import { badRequest, notFound } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

const view = (p: BrandProfileRecord) => ({ id: p.id, name: p.name, branding: p.branding, created_at: p.created_at, updated_at: p.updated_at });

/** Reusable report branding (Customer reports tag: customer session tokens). */
@Controller()
export class BrandProfilesController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private metadata(request: FastifyRequest) {
    return { request_id: String(request.id), actor: actorOf(request.principal!) };
  }

  /** A malformed id names no profile: the same 404 as another account's profile. */
  private id(raw: string): string {
    if (!BrandProfileId.safeParse(raw).success) throw notFound(`brand profile ${raw}`);
    return raw;
  }

  @Endpoint(ROUTES.listBrandProfiles)
  async list(@Req() request: FastifyRequest, @Query() query: unknown) {
    const page = parseInput(ROUTES.listBrandProfiles.query, query, 'query');
    try {
      const result = await listBrandProfiles(this.platform.db, request.principal!.accountId, page);
      return { profiles: result.profiles.map(view), next_cursor: result.nextCursor };
    } catch (err) {
      if (err instanceof InvalidCursorError) throw badRequest(`invalid query: ${err.message}`);
      throw err;
    }
  }

  @Endpoint(ROUTES.createBrandProfile)
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.createBrandProfile.body, body, 'body');
    return view(await createBrandProfile(this.platform.db, request.principal!.accountId, input as { name: string; branding: Record<string, string> }, this.metadata(request)));
  }

  @Endpoint(ROUTES.getBrandProfile)
  async get(@Req() request: FastifyRequest, @Param('id') id: string) {
    const profile = await findBrandProfile(this.platform.db, request.principal!.accountId, this.id(id));
    if (!profile) throw notFound(`brand profile ${id}`);
    return view(profile);
  }

  @Endpoint(ROUTES.updateBrandProfile)
  async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    const change = parseInput(ROUTES.updateBrandProfile.body, body, 'body');
    const profile = await updateBrandProfile(this.platform.db, request.principal!.accountId, this.id(id), change as { name?: string; branding?: Record<string, string> }, this.metadata(request));
    if (!profile) throw notFound(`brand profile ${id}`);
    return view(profile);
  }

  @Endpoint(ROUTES.deleteBrandProfile)
  async remove(@Req() request: FastifyRequest, @Param('id') id: string) {
    if (!(await deleteBrandProfile(this.platform.db, request.principal!.accountId, this.id(id), this.metadata(request)))) throw notFound(`brand profile ${id}`);
  }
}
