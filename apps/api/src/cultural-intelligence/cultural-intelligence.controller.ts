import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { CulturalIntelligenceService } from './cultural-intelligence.service';

/** Cultural Intelligence (enterprise API keys): one service call per handler. */
@Controller()
export class CulturalIntelligenceController {
  constructor(private readonly ci: CulturalIntelligenceService) {}

  @Endpoint(ROUTES.createCiOrg)
  createOrg(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.ci.createOrg(request, parseInput(ROUTES.createCiOrg.body, body, 'body'));
  }

  @Endpoint(ROUTES.listCiOrgs)
  listOrgs(@Req() request: FastifyRequest) {
    return this.ci.listOrgs(request);
  }

  @Endpoint(ROUTES.getCiOrg)
  getOrg(@Req() request: FastifyRequest, @Param('org_id') orgId: string) {
    return this.ci.getOrg(request, orgId);
  }

  @Endpoint(ROUTES.updateCiOrg)
  updateOrg(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Body() body: unknown) {
    return this.ci.updateOrg(request, orgId, parseInput(ROUTES.updateCiOrg.body, body, 'body'));
  }

  @Endpoint(ROUTES.deleteCiOrg)
  async deleteOrg(@Req() request: FastifyRequest, @Param('org_id') orgId: string) {
    await this.ci.deleteOrg(request, orgId);
  }

  @Endpoint(ROUTES.createCiProfile)
  createProfile(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Body() body: unknown) {
    return this.ci.createProfile(request, orgId, parseInput(ROUTES.createCiProfile.body, body, 'body'));
  }

  @Endpoint(ROUTES.listCiProfiles)
  listProfiles(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Query() query: unknown) {
    return this.ci.listProfiles(request, orgId, parseInput(ROUTES.listCiProfiles.query, query, 'query'));
  }

  @Endpoint(ROUTES.createCiTeam)
  createTeam(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Body() body: unknown) {
    return this.ci.createTeam(request, orgId, parseInput(ROUTES.createCiTeam.body, body, 'body'));
  }

  @Endpoint(ROUTES.listCiTeams)
  listTeams(@Req() request: FastifyRequest, @Param('org_id') orgId: string) {
    return this.ci.listTeams(request, orgId);
  }

  @Endpoint(ROUTES.ciChemistryReflection)
  chemistryReflection(
    @Req() request: FastifyRequest,
    @Param('org_id') orgId: string,
    @Param('team_id') teamId: string,
    @Query() query: unknown,
  ) {
    return this.ci.chemistryReflection(request, orgId, teamId, parseInput(ROUTES.ciChemistryReflection.query, query, 'query').locale);
  }

  @Endpoint(ROUTES.ciCampaignContent)
  campaignContent(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Body() body: unknown) {
    return this.ci.campaignContent(request, orgId, parseInput(ROUTES.ciCampaignContent.body, body, 'body'));
  }

  @Endpoint(ROUTES.ciUsage)
  usage(@Req() request: FastifyRequest, @Param('org_id') orgId: string) {
    return this.ci.usage(request, orgId, new Date());
  }
}
