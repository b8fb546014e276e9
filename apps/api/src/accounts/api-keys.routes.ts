import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { Call, Route } from '../http/route';
import { ApiKeysService } from './api-keys.service';

/** Self-service API keys of a customer session (docs/operations.md, "Self-service API keys"). */
@Injectable()
export class ApiKeysRoutes {
  constructor(private readonly keys: ApiKeysService) {}

  @Route(ROUTES.listApiKeys)
  list({ request, query }: Call<typeof ROUTES.listApiKeys>) {
    return this.keys.list(request.principal!.accountId, query.include_inactive === 'true');
  }

  @Route(ROUTES.createApiKey)
  create({ request, body }: Call<typeof ROUTES.createApiKey>) {
    return this.keys.create(request.principal!.accountId, body.label, body.mode);
  }

  @Route(ROUTES.revokeApiKey)
  revoke({ request, params }: Call<typeof ROUTES.revokeApiKey>): Promise<void> {
    return this.keys.revoke(request.principal!.accountId, params.id);
  }

  @Route(ROUTES.rotateApiKey)
  rotate({ request, params }: Call<typeof ROUTES.rotateApiKey>) {
    return this.keys.rotate(request.principal!.accountId, params.id);
  }
}
