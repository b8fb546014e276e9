import { Injectable } from '@nestjs/common';

import { ROUTES } from '@astro/contracts';
import { CulturalIntelligenceService } from './cultural-intelligence.service';
import { Call, Route } from '../http/route';

/** Cultural Intelligence (enterprise API keys): one service call per handler. */
@Injectable()
export class CulturalIntelligenceRoutes {
  constructor(private readonly ci: CulturalIntelligenceService) {}

  @Route(ROUTES.createCiOrg)
  createOrg({ request, body }: Call<typeof ROUTES.createCiOrg>) {
    return this.ci.createOrg(request, body);
  }

  @Route(ROUTES.listCiOrgs)
  listOrgs({ request }: Call<typeof ROUTES.listCiOrgs>) {
    return this.ci.listOrgs(request);
  }

  @Route(ROUTES.getCiOrg)
  getOrg({ request, params: { org_id: orgId } }: Call<typeof ROUTES.getCiOrg>) {
    return this.ci.getOrg(request, orgId);
  }

  @Route(ROUTES.updateCiOrg)
  updateOrg({ request, body, params: { org_id: orgId } }: Call<typeof ROUTES.updateCiOrg>) {
    return this.ci.updateOrg(request, orgId, body);
  }

  @Route(ROUTES.deleteCiOrg)
  async deleteOrg({ request, params: { org_id: orgId } }: Call<typeof ROUTES.deleteCiOrg>) {
    await this.ci.deleteOrg(request, orgId);
  }

  @Route(ROUTES.createCiProfile)
  createProfile({ request, body, params: { org_id: orgId } }: Call<typeof ROUTES.createCiProfile>) {
    return this.ci.createProfile(request, orgId, body);
  }

  @Route(ROUTES.listCiProfiles)
  listProfiles({ request, query, params: { org_id: orgId } }: Call<typeof ROUTES.listCiProfiles>) {
    return this.ci.listProfiles(request, orgId, query);
  }

  @Route(ROUTES.createCiTeam)
  createTeam({ request, body, params: { org_id: orgId } }: Call<typeof ROUTES.createCiTeam>) {
    return this.ci.createTeam(request, orgId, body);
  }

  @Route(ROUTES.listCiTeams)
  listTeams({ request, params: { org_id: orgId } }: Call<typeof ROUTES.listCiTeams>) {
    return this.ci.listTeams(request, orgId);
  }

  @Route(ROUTES.ciChemistryReflection)
  chemistryReflection({ request, query, params: { org_id: orgId, team_id: teamId } }: Call<typeof ROUTES.ciChemistryReflection>) {
    return this.ci.chemistryReflection(request, orgId, teamId, query.locale);
  }

  @Route(ROUTES.ciCampaignContent)
  campaignContent({ request, body, params: { org_id: orgId } }: Call<typeof ROUTES.ciCampaignContent>) {
    return this.ci.campaignContent(request, orgId, body);
  }

  @Route(ROUTES.ciUsage)
  usage({ request, params: { org_id: orgId } }: Call<typeof ROUTES.ciUsage>) {
    return this.ci.usage(request, orgId, new Date());
  }
}
