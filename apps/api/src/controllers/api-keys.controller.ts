import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
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
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

/** Self-service API keys of a customer session (docs/operations.md, "Self-service API keys"). */
@Controller()
export class ApiKeysController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Endpoint(ROUTES.listApiKeys)
  async list(@Req() request: FastifyRequest, @Query() query: unknown) {
    const { include_inactive } = parseInput(ROUTES.listApiKeys.query, query, 'query');
    // What this replica counted so far is written first, so the usage shown includes it.
    await this.platform.keyUsage.flush();
    return { keys: await listApiKeys(this.platform.db, request.principal!.accountId, { includeInactive: include_inactive === 'true' }) };
  }

  @Endpoint(ROUTES.createApiKey)
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    const { label } = parseInput(ROUTES.createApiKey.body, body, 'body');
    try {
      const { key, record } = await createAccountApiKey(this.platform.db, request.principal!.accountId, label);
      return { key, api_key: record };
    } catch (err) {
      if (err instanceof ApiKeyLimitError) throw new ApiError(409, err.message);
      throw err;
    }
  }

  @Endpoint(ROUTES.revokeApiKey)
  async revoke(@Req() request: FastifyRequest, @Param() params: unknown): Promise<void> {
    const { id } = parseInput(ROUTES.revokeApiKey.params, params, 'path');
    if (!(await revokeAccountApiKey(this.platform.db, request.principal!.accountId, id))) throw notFound(`API key ${id}`);
  }

  @Endpoint(ROUTES.rotateApiKey)
  async rotate(@Req() request: FastifyRequest, @Param() params: unknown) {
    const { id } = parseInput(ROUTES.rotateApiKey.params, params, 'path');
    const grace = this.platform.config.apiKeyRotationGraceSeconds;
    try {
      const rotated = await rotateApiKey(this.platform.db, request.principal!.accountId, id, grace);
      if (!rotated) throw notFound(`API key ${id}`);
      return { key: rotated.key, api_key: rotated.record, previous: rotated.previous, grace_period_seconds: grace };
    } catch (err) {
      if (err instanceof ApiKeyNotRotatableError || err instanceof ApiKeyLimitError) throw new ApiError(409, err.message);
      throw err;
    }
  }
}
