import {
  AccountResponse,
  AccountUsageQuery,
  AccountUsageResponse,
  ApiKeyList,
  ApiKeyListQuery,
  ApiKeyParams,
  CreateApiKeyRequest,
  IssuedApiKeyResponse,
  LedgerQuery,
  LedgerResponse,
  RotatedApiKeyResponse,
} from './schemas';
import { created, noContent, ok, routesWith } from '../shared/route-spec';

/** Routes of the `Account` tag: the account answers an API key or a customer session; its API keys are managed in a session only. */
export const accountRoutes = {
  ...routesWith({ tag: 'Account', method: 'GET', auth: 'api_key_or_session' })({
    account: {
      operationId: 'getAccount',
      path: '/v1/account',
      summary: 'The calling account: tier and credit balance',
      success: ok('the account', AccountResponse),
    },
    accountLedger: {
      operationId: 'getAccountLedger',
      path: '/v1/account/ledger',
      summary: 'Credit ledger of the calling account, newest first',
      description: 'Every grant, charge and refund with the request or job that caused it. Page with `before`.',
      query: LedgerQuery,
      success: ok('a page of ledger entries', LedgerResponse),
    },
    accountUsage: {
      operationId: 'getAccountUsage',
      path: '/v1/account/usage',
      summary: 'Credits used by day and operation over a period, from the ledger',
      description:
        'Every day of the period (at most 366, the last 30 by default) in the calendar of `time_zone`, with each operation charged that day: ' +
        'its calls, credits charged, refunded (a refund counts on the day it was made, under the operation of the job it returns) and used.',
      query: AccountUsageQuery,
      success: ok('the usage of the period', AccountUsageResponse),
    },
  }),
  ...routesWith({ tag: 'Account', auth: 'session' })({
    listApiKeys: {
      method: 'GET',
      path: '/v1/api-keys',
      summary: 'The API keys of the account, with label, last-used time and usage',
      description: 'Newest first. Keys are stored only as SHA-256 hashes; the list shows their first characters.',
      query: ApiKeyListQuery,
      success: ok('the keys', ApiKeyList),
    },
    createApiKey: {
      method: 'POST',
      path: '/v1/api-keys',
      summary: 'Create an API key; the key is shown once',
      description: 'At most 20 usable keys per account (409 beyond).',
      body: CreateApiKeyRequest,
      success: created('the new key, shown only here', IssuedApiKeyResponse),
      errors: [409],
    },
    revokeApiKey: {
      method: 'DELETE',
      path: '/v1/api-keys/{id}',
      summary: 'Revoke an API key at once',
      description:
        'The key is refused from the next request on (within AUTH_CACHE_TTL_MS, 5 s by default, on other replicas). Revoking twice is harmless.',
      params: ApiKeyParams,
      success: noContent('revoked'),
      errors: [404],
    },
    rotateApiKey: {
      method: 'POST',
      path: '/v1/api-keys/{id}/rotate',
      summary: 'Rotate an API key: a new key shown once, the old one valid for a grace period',
      description:
        'The new key has the same label. The old key keeps working for API_KEY_ROTATION_GRACE_SECONDS (24 hours by default), ' +
        'long enough to deploy the new one everywhere, and is then refused like a revoked key. A revoked, expired or already rotated key answers 409.',
      params: ApiKeyParams,
      success: created('the new key (shown only here) and the rotated one', RotatedApiKeyResponse),
      errors: [404, 409],
    },
  }),
};
