import { ERROR_IDS } from './shared/errors';
import { RouteSpec } from './registry';

/**
 * The response headers of the document: what the server sends, declared on the responses that carry
 * them so generated clients can read them (`RateLimit-Remaining`, `Retry-After`, `X-Request-Id`, …).
 * Each header is a component (`#/components/headers/<name>`); a response lists the ones it sends.
 */
type JsonSchema = Record<string, unknown>;

const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': {
    description:
      'Our id of this request (`req_` and 24 random hex digits), always ours whatever the client sent; it is the `request_id` of the events the request wrote. Quote it to support.',
    schema: { type: 'string' },
  },
  'X-Client-Request-Id': {
    description:
      'The X-Request-Id the client sent (1–128 of `A-Z a-z 0-9 . _ : -`), echoed when it sent one; kept as `client_request_id` beside our id in the events the request wrote, never as our id.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Requests the tier allows in the current window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends.', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'The quota and its window in seconds, e.g. `600;w=60`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  'Cache-Control': {
    description: 'An authenticated answer is the account’s own data: `no-store` (`private, no-store` on a download).',
    schema: { type: 'string' },
  },
  Livemode: {
    description:
      '`false` when the call was made with a test key (ak_test_…: nothing charged, its objects apart from live ones), `true` otherwise (docs/integration.md, "Test mode").',
    schema: { type: 'boolean' },
  },
  'Idempotent-Replayed': {
    description:
      '`true` when this answers a repeated request with the same Idempotency-Key and body: the stored answer, nothing charged again.',
    schema: { type: 'boolean' },
  },
  Location: {
    description: 'Where the bytes are: a presigned link to the storage bucket, valid for one minute.',
    schema: { type: 'string' },
  },
  'Content-Disposition': {
    description: '`attachment; filename="<name>"`, or `inline` for a hosted reading page.',
    schema: { type: 'string' },
  },
};

/**
 * The security headers of every response (helmet's defaults, apps/api security-headers.ts). They are
 * the same on every answer, so they are declared once here and listed on the shared error responses
 * rather than repeated on each of several hundred success responses; the document says so in
 * `info.description`.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': 'what the response may load (a strict policy; a hosted reading page gets its own, stricter one)',
  'Cross-Origin-Opener-Policy': '`same-origin`',
  'Cross-Origin-Resource-Policy': '`same-site`',
  'Origin-Agent-Cluster': '`?1`',
  'Referrer-Policy': '`no-referrer`',
  'Strict-Transport-Security': '`max-age=31536000; includeSubDomains`',
  'X-Content-Type-Options': '`nosniff`',
  'X-DNS-Prefetch-Control': '`off`',
  'X-Download-Options': '`noopen`',
  'X-Frame-Options': '`SAMEORIGIN`',
  'X-Permitted-Cross-Domain-Policies': '`none`',
  'X-XSS-Protection': '`0`',
};

const RATE_LIMIT = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];

/** Every header component: the per-response ones and the security headers. */
export function headerComponents(): Record<string, JsonSchema> {
  return {
    ...HEADERS,
    ...Object.fromEntries(
      Object.entries(SECURITY_HEADERS).map(([name, value]) => [
        name,
        { description: `Sent on every response: ${value}.`, schema: { type: 'string' } },
      ]),
    ),
  };
}

const refs = (names: string[]): Record<string, JsonSchema> =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Routes that go through the tier's rate limiter (an API key or a customer session): they send RateLimit-* and Cache-Control. */
function metered(route: RouteSpec): boolean {
  return route.auth === 'api_key' || route.auth === 'session' || route.auth === 'api_key_or_session';
}

/** The headers of a route's success answer. */
export function successHeaders(route: RouteSpec): Record<string, JsonSchema> {
  const names = ['X-Request-Id', 'X-Client-Request-Id'];
  if (metered(route)) names.push(...RATE_LIMIT, 'Livemode');
  if (route.auth !== 'none' && route.auth !== 'signed_url') names.push('Cache-Control');
  // Charged calls answer a repeated Idempotency-Key with the stored answer, marked as a replay.
  if (route.operation || route.idempotencyKey) names.push('Idempotent-Replayed');
  names.push(...(route.successHeaders ?? []));
  return refs([...new Set(names)]);
}

/** The headers of a route's redirect answer (a download served from the bucket). */
export function redirectHeaders(): Record<string, JsonSchema> {
  return refs(['X-Request-Id', 'X-Client-Request-Id', 'Location', 'Cache-Control']);
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'invalid input; the message names the field and the rule',
  401: 'missing or invalid API key or session token',
  402: 'insufficient credits; nothing was charged',
  403: 'the account tier is not entitled to this endpoint, or a signed link is invalid or expired',
  404: 'no such resource for this account',
  409: 'Idempotency-Key reused with a different body, or a conflicting state',
  413: 'the body is larger than the limit',
  415: 'the Content-Type is not application/json',
  429: 'rate limit of the tier exceeded, or too many attempts; see Retry-After',
  503: 'a dependency (database, Temporal, ephemeris files) is unavailable; nothing was charged',
};

/**
 * The shared error responses, `#/components/responses/Error<status>` and, for routes behind the rate
 * limiter, `Error<status>Metered` (which adds the RateLimit-* headers the limiter set before the error,
 * Cache-Control and Livemode); the admin routes' `Error<status>Private` adds only Cache-Control (set once the
 * operator key is accepted). A 401 is refused before either, so it has neither.
 */
export function errorResponseName(route: RouteSpec, status: number): string {
  if (status === 401) return `Error${status}`;
  if (metered(route)) return `Error${status}Metered`;
  return route.auth === 'operator' ? `Error${status}Private` : `Error${status}`;
}

export function errorResponse(name: string): JsonSchema {
  const status = Number(/^Error(\d+)/.exec(name)![1]);
  const names = ['X-Request-Id', 'X-Client-Request-Id', ...Object.keys(SECURITY_HEADERS)];
  if (name.endsWith('Metered')) names.push(...RATE_LIMIT, 'Cache-Control', 'Livemode');
  if (name.endsWith('Private')) names.push('Cache-Control');
  if (status === 429 || status === 503) names.push('Retry-After');
  return {
    description: `${ERROR_IDS[status]?.error ?? 'error'}: ${ERROR_DESCRIPTIONS[status] ?? ''}`,
    headers: refs(names),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}
