import { errorIdFor, ErrorBody } from '@astro/contracts';
import { isDatabaseUnavailable } from '@astro/database';
import { EphemerisUnavailableError, InputError } from '@astro/ephemeris';
import { ApiError } from './api-error';

export interface ErrorResponse {
  status: number;
  body: ErrorBody & Record<string, unknown>;
  headers: Record<string, string>;
}

// Nest hands Fastify's own errors (body parsing, size, media type) over as HttpExceptions.
const FRAMEWORK_MESSAGES: Record<number, (message: string) => string> = {
  400: (message) => `body: ${message}`,
  404: () => 'no such route: check the method and path against /docs',
  413: () => 'body too large: JSON bodies take at most MAX_BODY_BYTES (1 MiB by default), photo uploads 15 MB',
  415: () => 'unsupported Content-Type: send application/json',
};

/** A deadlock or serialization failure: PostgreSQL rolled the transaction back; a retry succeeds. */
function isTransientConflict(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } } | undefined;
  return ['40P01', '40001'].includes(e?.code ?? e?.driverError?.code ?? '');
}

/** Maps anything thrown while serving a request to the spec's error body; never leaks internals. */
export function toErrorResponse(err: unknown, requestId: string, log: (err: unknown) => void): ErrorResponse {
  let status = 500;
  let message = 'internal error: the calculation or request failed; retry later and quote the request_id';
  let headers: Record<string, string> = {};
  let extra: Record<string, unknown> = {};

  const httpException = err as { getStatus?: () => number; message?: string };
  if (err instanceof ApiError) {
    ({ status, message, headers, extra } = err);
  } else if (err instanceof InputError) {
    status = 400;
    message = err.message;
  } else if (err instanceof EphemerisUnavailableError) {
    status = 503;
    message = `ephemeris unavailable: ${err.message}`;
  } else if (isDatabaseUnavailable(err)) {
    status = 503;
    message = 'the database is unavailable; nothing was charged, retry shortly';
    headers = { 'Retry-After': '5' };
  } else if (isTransientConflict(err)) {
    status = 503;
    message = 'the request collided with a concurrent one and was rolled back; nothing was charged, retry it';
    headers = { 'Retry-After': '1' };
  } else if (typeof httpException?.getStatus === 'function') {
    status = httpException.getStatus();
    const framework = FRAMEWORK_MESSAGES[status];
    message = framework ? framework(String(httpException.message)) : String(httpException.message);
  }
  if (status >= 500 && status !== 503) log(err);

  const ids = errorIdFor(status);
  return {
    status,
    headers,
    body: { error: ids.error, message, code: ids.code, request_id: requestId, ...extra },
  };
}
