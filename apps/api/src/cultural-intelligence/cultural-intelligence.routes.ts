import { Injectable } from '@nestjs/common';

import { ROUTES } from '@astro/contracts';
import { CulturalIntelligenceService } from './cultural-intelligence.service';
import { Call, Route } from '../http/route';

/** Cultural Intelligence (enterprise API keys): one service call per handler. */
@Injectable()
export class CulturalIntelligenceRoutes {
  constructor(private readonly ci: CulturalIntelligenceService) {}

  @Route(ROUTES.createCiOrg)
  createOrg({ caller, body }: Call<typeof ROUTES.createCiOrg>) {
    return this.ci.createOrg(caller, body);
  }

  @Route(ROUTES.listCiOrgs)
  listOrgs({ caller }: Call<typeof ROUTES.listCiOrgs>) {
    return this.ci.listOrgs(caller);
  }

  @Route(ROUTES.getCiOrg)
  getOrg({ caller, params: { org_id: orgId } }: Call<typeof ROUTES.getCiOrg>) {
    return this.ci.getOrg(caller, orgId);
  }

  @Route(ROUTES.updateCiOrg)
  updateOrg({ caller, body, params: { org_id: orgId } }: Call<typeof ROUTES.updateCiOrg>) {
    return this.ci.updateOrg(caller, orgId, body);
  }

  @Route(ROUTES.deleteCiOrg)
  async deleteOrg({ caller, params: { org_id: orgId } }: Call<typeof ROUTES.deleteCiOrg>) {
    await this.ci.deleteOrg(caller, orgId);
  }

  @Route(ROUTES.createCiProfile)
  createProfile({ caller, body, params: { org_id: orgId } }: Call<typeof ROUTES.createCiProfile>) {
    return this.ci.createProfile(caller, orgId, body);
  }

  @Route(ROUTES.listCiProfiles)
  listProfiles({ caller, query, params: { org_id: orgId } }: Call<typeof ROUTES.listCiProfiles>) {
    return this.ci.listProfiles(caller, orgId, query);
  }

  @Route(ROUTES.createCiTeam)
  createTeam({ caller, body, params: { org_id: orgId } }: Call<typeof ROUTES.createCiTeam>) {
    return this.ci.createTeam(caller, orgId, body);
  }

  @Route(ROUTES.listCiTeams)
  listTeams({ caller, params: { org_id: orgId } }: Call<typeof ROUTES.listCiTeams>) {
    return this.ci.listTeams(caller, orgId);
  }

  @Route(ROUTES.ciChemistryReflection)
  chemistryReflection({ caller, query, params: { org_id: orgId, team_id: teamId } }: Call<typeof ROUTES.ciChemistryReflection>) {
    return this.ci.chemistryReflection(caller, orgId, teamId, query.locale);
  }

  @Route(ROUTES.ciCampaignContent)
  campaignContent({ caller, body, params: { org_id: orgId } }: Call<typeof ROUTES.ciCampaignContent>) {
    return this.ci.campaignContent(caller, orgId, body);
  }

  @Route(ROUTES.ciUsage)
  usage({ caller, params: { org_id: orgId } }: Call<typeof ROUTES.ciUsage>) {
    return this.ci.usage(caller, orgId, new Date());
  }
}
