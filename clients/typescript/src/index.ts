import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.js';
import { retryingFetch, type RetryOptions } from './retry.js';

export type { components, operations, paths, webhooks } from './schema.js';
export { retryAfterSeconds, retryingFetch, type RetryOptions } from './retry.js';
export { AstroApiError, downloadArtifact, waitForJob, type Job, type JobArtifact, type WaitOptions } from './jobs.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEvents } from './webhooks.js';

/** The local API `npm start` runs; a deployment passes its own. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

export interface AstroClientOptions {
  /** scheme, host and port of the API (default http://127.0.0.1:3000) */
  baseUrl?: string;
  /** the account's API key, ak_live_…, sent in X-API-Key */
  apiKey?: string;
  /** a customer session token, ses_…, from POST /v1/sessions, sent as Authorization: Bearer */
  sessionToken?: string;
  /** retries of a 429 or 503 after its Retry-After (default: 3 retries, waits up to 60 s) */
  retry?: RetryOptions;
  fetch?: typeof fetch;
}

export type AstroClient = Client<paths>;

/**
 * A typed client of every route (openapi-fetch over the types openapi-typescript generates from the
 * API's document), authenticated, retrying what the API says to retry.
 */
export function createAstroClient(options: AstroClientOptions = {}): AstroClient {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  if (options.sessionToken) headers.Authorization = `Bearer ${options.sessionToken}`;
  return createClient<paths>({
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    headers,
    fetch: retryingFetch(options.fetch ?? globalThis.fetch, options.retry),
  });
}
