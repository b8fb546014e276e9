import { errorIdFor, ErrorBody } from '../../../../libs/contracts/src/errors';
import { isDatabaseUnavailable } from '../../../../libs/database/src/database';
import { EphemerisRangeError, EphemerisUnavailableError } from '../../../../libs/ephemeris/src/errors';
import { ApiError } from './api-error';

export interface ErrorResponse {
  status: number;
  body: ErrorBody & Record<string, unknown>;
  headers: Record<string, string>;
}

// Fastify's own errors (before our handlers run) and the status each one deserves.
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'unsupported Content-Type: send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'body: is required (an empty body is not JSON)' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'body too large' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'body: malformed JSON' },
};

function fastifyError(err: unknown): { status: number; message: string } | null {
  const e = err as { code?: string; statusCode?: number; message?: string; name?: string };
  if (e?.code && FASTIFY_ERRORS[e.code]) return FASTIFY_ERRORS[e.code];
  // JSON.parse failures surface as SyntaxError with statusCode 400 from the content-type parser.
  if (e?.name === 'SyntaxError' && e.statusCode === 400) return { status: 400, message: `body: malformed JSON (${e.message})` };
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && e.code?.startsWith('FST_')) {
    return { status: e.statusCode, message: e.message ?? 'bad request' };
  }
  return null;
}

/** Maps anything thrown while serving a request to the spec's error body; never leaks internals. */
export function toErrorResponse(err: unknown, requestId: string, log: (err: unknown) => void): ErrorResponse {
  let status = 500;
  let message = 'internal error: the calculation or request failed; retry later and quote the request_id';
  let headers: Record<string, string> = {};
  let errorId: string | undefined;
  let extra: Record<string, unknown> = {};

  const fastify = fastifyError(err);
  const httpException = err as { getStatus?: () => number; message?: string };
  if (err instanceof ApiError) {
    ({ status, message, headers } = err);
    errorId = err.errorId;
    extra = err.extra;
  } else if (fastify) {
    ({ status, message } = fastify);
  } else if (err instanceof EphemerisRangeError) {
    status = 400;
    message = err.message;
  } else if (err instanceof EphemerisUnavailableError) {
    status = 503;
    message = `ephemeris unavailable: ${err.message}`;
  } else if (isDatabaseUnavailable(err)) {
    status = 503;
    message = 'the database is unavailable; nothing was charged, retry shortly';
    headers = { 'Retry-After': '5' };
  } else if (typeof httpException?.getStatus === 'function') {
    // Nest's own exceptions: unknown routes (404) and the like.
    status = httpException.getStatus();
    message = status === 404 ? 'no such route: check the method and path against /docs' : String(httpException.message);
  }
  if (status >= 500 && status !== 503) log(err);

  const ids = errorIdFor(status);
  return {
    status,
    headers,
    body: { error: errorId ?? ids.error, message, code: ids.code, request_id: requestId, ...extra },
  };
}
