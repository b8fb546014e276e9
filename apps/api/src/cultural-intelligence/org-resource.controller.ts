import { Body, Controller, Param, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { routeNamed } from '@astro/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { CulturalIntelligenceService } from './cultural-intelligence.service';

/** The resources an org holds by id: member profiles and teams. */
export type OrgResourceKind = 'Profile' | 'Team';

type ResourceService = {
  get(request: FastifyRequest, orgId: string, id: string): Promise<unknown>;
  update(request: FastifyRequest, orgId: string, id: string, change: never): Promise<unknown>;
  remove(request: FastifyRequest, orgId: string, id: string): Promise<void>;
};

/**
 * The get, change and delete handlers of one kind of org resource. Profiles and teams differ only in
 * names, so both controllers are built here from the naming rule the route table and the service
 * follow: routes `getCi<Kind>`, `updateCi<Kind>`, `deleteCi<Kind>` on `…/{<kind>_id}`, service
 * methods `get<Kind>`, `update<Kind>`, `delete<Kind>`. A missing name fails at start-up.
 */
export function orgResourceController(kind: OrgResourceKind) {
  const route = (name: string) => routeNamed(name, `the org's ${kind.toLowerCase()}s`);
  const routes = { get: route(`getCi${kind}`), update: route(`updateCi${kind}`), remove: route(`deleteCi${kind}`) };
  const idParam = `${kind.toLowerCase()}_id`;
  const service = (ci: CulturalIntelligenceService): ResourceService => ({
    get: ci[`get${kind}`].bind(ci),
    update: ci[`update${kind}`].bind(ci) as ResourceService['update'],
    remove: ci[`delete${kind}`].bind(ci),
  });

  @Controller()
  class OrgResourceController {
    readonly resource: ResourceService;

    constructor(ci: CulturalIntelligenceService) {
      this.resource = service(ci);
    }

    @Endpoint(routes.get)
    get(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Param(idParam) id: string) {
      return this.resource.get(request, orgId, id);
    }

    @Endpoint(routes.update)
    update(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Param(idParam) id: string, @Body() body: unknown) {
      return this.resource.update(request, orgId, id, parseInput(routes.update.body!, body, 'body') as never);
    }

    @Endpoint(routes.remove)
    async remove(@Req() request: FastifyRequest, @Param('org_id') orgId: string, @Param(idParam) id: string) {
      await this.resource.remove(request, orgId, id);
    }
  }
  return OrgResourceController;
}

export class CiProfilesController extends orgResourceController('Profile') {}
export class CiTeamsController extends orgResourceController('Team') {}
