import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { ApiKeyUsageRecorder } from '../auth/api-key-usage';

import {
  ApiKeyLimitError,
  ApiKeyNotRotatableError,
  createAccountApiKey,
  listApiKeys,
  revokeAccountApiKey,
  rotateApiKey,
} from '@astro/accounts';
import { ROUTES } from '@astro/contracts';
import { ApiError, notFound } from '../http/api-error';
import { CONFIG } from '../platform';
import { Call, Route } from '../http/route';

/** Self-service API keys of a customer session (docs/operations.md, "Self-service API keys"). */
@Injectable()
export class ApiKeysRoutes {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    private readonly keyUsage: ApiKeyUsageRecorder,
  ) {}

  @Route(ROUTES.listApiKeys)
  async list({ request, query }: Call<typeof ROUTES.listApiKeys>) {
    const { include_inactive } = query;
    // What this replica counted so far is written first, so the usage shown includes it.
    await this.keyUsage.flush();
    return { keys: await listApiKeys(this.db, request.principal!.accountId, { includeInactive: include_inactive === 'true' }) };
  }

  @Route(ROUTES.createApiKey)
  async create({ request, body }: Call<typeof ROUTES.createApiKey>) {
    const { label } = body;
    try {
      const { key, record } = await createAccountApiKey(this.db, request.principal!.accountId, label);
      return { key, api_key: record };
    } catch (err) {
      if (err instanceof ApiKeyLimitError) throw new ApiError(409, err.message);
      throw err;
    }
  }

  @Route(ROUTES.revokeApiKey)
  async revoke({ request, params }: Call<typeof ROUTES.revokeApiKey>): Promise<void> {
    const { id } = params;
    if (!(await revokeAccountApiKey(this.db, request.principal!.accountId, id))) throw notFound(`API key ${id}`);
  }

  @Route(ROUTES.rotateApiKey)
  async rotate({ request, params }: Call<typeof ROUTES.rotateApiKey>) {
    const { id } = params;
    const grace = this.config.apiKeyRotationGraceSeconds;
    try {
      const rotated = await rotateApiKey(this.db, request.principal!.accountId, id, grace);
      if (!rotated) throw notFound(`API key ${id}`);
      return { key: rotated.key, api_key: rotated.record, previous: rotated.previous, grace_period_seconds: grace };
    } catch (err) {
      if (err instanceof ApiKeyNotRotatableError || err instanceof ApiKeyLimitError) throw new ApiError(409, err.message);
      throw err;
    }
  }
}
