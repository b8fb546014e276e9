import { isUtf8 } from 'node:buffer';
import { ApiError, badRequest } from './api-error';

// A NUL or a lone UTF-16 surrogate cannot be stored by PostgreSQL (nor printed sensibly anywhere).
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 32;

/**
 * The first place in a parsed request part (body, query) holding a string no request may carry, or
 * nesting deeper than any schema of ours, as a field path; null when the value is clean. Checked
 * centrally for every request, so no field of any schema can slip through.
 */
export function unsafeInputPath(value: unknown, path: string, depth = 0): { path: string; reason: string } | null {
  if (typeof value === 'string')
    return UNSAFE.test(value) ? { path, reason: 'must not contain NUL characters or unpaired UTF-16 surrogates' } : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { path, reason: `nests deeper than ${MAX_DEPTH} levels` };
  for (const [key, child] of Object.entries(value)) {
    const childPath = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    if (UNSAFE.test(key)) return { path: childPath, reason: 'field names must not contain NUL characters or unpaired UTF-16 surrogates' };
    const found = unsafeInputPath(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses a URL whose path or query decodes to NUL, an unpaired surrogate or invalid percent-encoding. */
export function checkUrl(url: string): void {
  // Without a '%' decoding changes nothing, so one scan of the URL as sent decides: the common
  // case of every request, spared two decodes and their strings.
  if (!url.includes('%') && !UNSAFE.test(url)) return;
  const [path, query = ''] = url.split('?', 2);
  for (const [part, text] of [
    ['path', path],
    ['query', query.replace(/\+/g, ' ')],
  ] as const) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      throw badRequest(`${part}: is not valid percent-encoded UTF-8`);
    }
    if (UNSAFE.test(decoded)) throw badRequest(`${part}: must not contain NUL characters or unpaired UTF-16 surrogates`);
  }
}

/**
 * A JSON body's text, or a 400 when its bytes are not UTF-8 (RFC 8259 §8.1): decoding would put
 * U+FFFD in place of each bad byte, and a name or a key would silently change.
 */
export function refuseInvalidUtf8(bytes: Buffer): string {
  if (!isUtf8(bytes)) throw badRequest('invalid body: not valid UTF-8 (send JSON encoded as UTF-8)');
  return bytes.toString('utf8');
}

export function checkParsedInput(body: unknown, query: unknown): void {
  for (const [part, value] of [
    ['body', body],
    ['query', query],
  ] as const) {
    const found = unsafeInputPath(value, part);
    if (found) throw badRequest(`invalid ${part}: ${found.path}: ${found.reason}`);
  }
}

/** Fastify's own errors before routing (bad URL, over-long parameter…) answered in our envelope. */
export function frameworkError(error: { code?: string; statusCode?: number; message?: string }): ApiError {
  if (error.code === 'FST_ERR_BAD_URL') return badRequest('path: is not a valid URL');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new ApiError(414, 'path: a path segment is too long');
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') return badRequest('request: cannot be routed');
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return new ApiError(status, `request: ${error.message ?? 'cannot be routed'}`);
}
