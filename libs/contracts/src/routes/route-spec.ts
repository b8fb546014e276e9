import { z } from 'zod';
import { PricedOperation } from '../pricing';
import { Tier } from '../tiers';

/** `operator`: an operator key (ok_live_…) from the CLI; the admin routes under /v1/admin only. */
export type AuthMode = 'none' | 'api_key' | 'session' | 'api_key_or_session' | 'signed_url' | 'operator';

/**
 * One route: the controllers take method, path, validation and policy from here, and the OpenAPI
 * document is generated from the same objects, so the two cannot drift apart.
 */
export interface RouteSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form, e.g. /api/v3/jobs/{job_id} */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: AuthMode;
  minTier?: Tier;
  operation?: PricedOperation;
  idempotencyKey?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** a raw (non-JSON) request body and its accepted content types, e.g. the photo of an upload */
  rawBody?: { contentTypes: readonly string[]; description: string };
  success: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  errors: number[];
}

export const AUTH_ERRORS = [401, 429, 503];
export const CHARGED_ERRORS = [400, ...AUTH_ERRORS, 402];
export const REPORT_ERRORS = [...CHARGED_ERRORS, 403, 409];
