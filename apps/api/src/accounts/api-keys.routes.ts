import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { Call, Route } from '../http/route';
import { ApiKeysService } from './api-keys.service';

/** Self-service API keys of a customer session (docs/operations.md, "Self-service API keys"). */
@Injectable()
export class ApiKeysRoutes {
  constructor(private readonly keys: ApiKeysService) {}

  @Route(ROUTES.listApiKeys)
  list({ caller, query }: Call<typeof ROUTES.listApiKeys>) {
    return this.keys.list(caller.accountId, query.include_inactive === 'true');
  }

  @Route(ROUTES.createApiKey)
  create({ caller, body }: Call<typeof ROUTES.createApiKey>) {
    return this.keys.create(caller.accountId, body.label, body.mode);
  }

  @Route(ROUTES.revokeApiKey)
  revoke({ caller, params }: Call<typeof ROUTES.revokeApiKey>): Promise<void> {
    return this.keys.revoke(caller.accountId, params.id);
  }

  @Route(ROUTES.rotateApiKey)
  rotate({ caller, params }: Call<typeof ROUTES.rotateApiKey>) {
    return this.keys.rotate(caller.accountId, params.id);
  }
}
