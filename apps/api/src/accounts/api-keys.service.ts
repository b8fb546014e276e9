import { Inject, Injectable } from '@nestjs/common';
import { PlatformConfig } from '@astro/config';
import { Database } from '@astro/database';
import {
  ApiKeyLimitError,
  ApiKeyNotRotatableError,
  createAccountApiKey,
  listApiKeys,
  revokeAccountApiKey,
  rotateApiKey,
} from '@astro/accounts';
import { ApiKeyUsageRecorder } from '../auth/api-key-usage';
import { ApiError, notFound } from '../http/api-error';
import { CONFIG } from '../platform/platform';
import { KeyMode } from '@astro/contracts';

/** An account's own API keys: list, create, revoke, rotate (docs/operations.md, "Self-service API keys"). */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    private readonly keyUsage: ApiKeyUsageRecorder,
  ) {}

  async list(accountId: string, includeInactive: boolean) {
    // What this replica counted so far is written first, so the usage shown includes it.
    await this.keyUsage.flush();
    return { keys: await listApiKeys(this.db, accountId, { includeInactive }) };
  }

  async create(accountId: string, label: string, mode: KeyMode) {
    try {
      const { key, record } = await createAccountApiKey(this.db, accountId, label, mode);
      return { key, api_key: record };
    } catch (err) {
      if (err instanceof ApiKeyLimitError) throw new ApiError(409, err.message);
      throw err;
    }
  }

  async revoke(accountId: string, id: string): Promise<void> {
    if (!(await revokeAccountApiKey(this.db, accountId, id))) throw notFound(`API key ${id}`);
  }

  async rotate(accountId: string, id: string) {
    const grace = this.config.apiKeyRotationGraceSeconds;
    try {
      const rotated = await rotateApiKey(this.db, accountId, id, grace);
      if (!rotated) throw notFound(`API key ${id}`);
      return { key: rotated.key, api_key: rotated.record, previous: rotated.previous, grace_period_seconds: grace };
    } catch (err) {
      if (err instanceof ApiKeyNotRotatableError || err instanceof ApiKeyLimitError) throw new ApiError(409, err.message);
      throw err;
    }
  }
}
