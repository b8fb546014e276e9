import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { BrandProfilesService } from '../accounts/brand-profiles.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** Reusable report branding (Customer reports tag: customer session tokens). */
@Controller()
export class BrandProfilesController {
  constructor(private readonly profiles: BrandProfilesService) {}

  @Endpoint(ROUTES.listBrandProfiles)
  list(@Req() request: FastifyRequest, @Query() query: unknown) {
    return this.profiles.list(request.principal!.accountId, parseInput(ROUTES.listBrandProfiles.query, query, 'query'));
  }

  @Endpoint(ROUTES.createBrandProfile)
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.createBrandProfile.body, body, 'body');
    return this.profiles.create(request.principal!, String(request.id), input as { name: string; branding: Record<string, string> });
  }

  @Endpoint(ROUTES.getBrandProfile)
  async get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.profiles.get(request.principal!, id);
  }

  @Endpoint(ROUTES.updateBrandProfile)
  async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    const change = parseInput(ROUTES.updateBrandProfile.body, body, 'body');
    return this.profiles.update(request.principal!, String(request.id), id, change as { name?: string; branding?: Record<string, string> });
  }

  @Endpoint(ROUTES.deleteBrandProfile)
  async remove(@Req() request: FastifyRequest, @Param('id') id: string) {
    await this.profiles.remove(request.principal!, String(request.id), id);
  }
}
