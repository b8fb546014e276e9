import { Injectable } from '@nestjs/common';
import { routeNamed } from '@astro/contracts';
import { Caller, takingCaller } from '../http/caller';
import { Call, Route } from '../http/route';
import { CulturalIntelligenceService } from './cultural-intelligence.service';

/** The resources an org holds by id: member profiles and teams. */
export type OrgResourceKind = 'Profile' | 'Team';

type ResourceService = {
  get(caller: Caller, orgId: string, id: string): Promise<unknown>;
  update(caller: Caller, orgId: string, id: string, change: never): Promise<unknown>;
  remove(caller: Caller, orgId: string, id: string): Promise<void>;
};

/**
 * The get, change and delete handlers of one kind of org resource. Profiles and teams differ only in
 * names, so both route classes are built here from the naming rule the route table and the service
 * follow: routes `getCi<Kind>`, `updateCi<Kind>`, `deleteCi<Kind>` on `…/{<kind>_id}`, service
 * methods `get<Kind>`, `update<Kind>`, `delete<Kind>`. A missing name fails at start-up.
 */
export function orgResourceRoutes(kind: OrgResourceKind) {
  const route = (name: string) => takingCaller(routeNamed(name, `the org's ${kind.toLowerCase()}s`));
  const routes = { get: route(`getCi${kind}`), update: route(`updateCi${kind}`), remove: route(`deleteCi${kind}`) };
  const idParam = `${kind.toLowerCase()}_id`;
  const idsOf = (params: unknown) => {
    const ids = params as Record<string, string>;
    return { orgId: ids.org_id, id: ids[idParam] };
  };
  const service = (ci: CulturalIntelligenceService): ResourceService => ({
    get: ci[`get${kind}`].bind(ci),
    update: ci[`update${kind}`].bind(ci) as ResourceService['update'],
    remove: ci[`delete${kind}`].bind(ci),
  });

  @Injectable()
  class OrgResourceRoutes {
    readonly resource: ResourceService;

    constructor(ci: CulturalIntelligenceService) {
      this.resource = service(ci);
    }

    @Route(routes.get)
    get({ caller, params }: Call<typeof routes.get>) {
      const { orgId, id } = idsOf(params);
      return this.resource.get(caller, orgId, id);
    }

    @Route(routes.update)
    update({ caller, params, body }: Call<typeof routes.update>) {
      const { orgId, id } = idsOf(params);
      return this.resource.update(caller, orgId, id, body as never);
    }

    @Route(routes.remove)
    async remove({ caller, params }: Call<typeof routes.remove>) {
      const { orgId, id } = idsOf(params);
      await this.resource.remove(caller, orgId, id);
    }
  }
  return OrgResourceRoutes;
}

export class CiProfilesRoutes extends orgResourceRoutes('Profile') {}
export class CiTeamsRoutes extends orgResourceRoutes('Team') {}
