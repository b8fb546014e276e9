import { createHmac, timingSafeEqual } from 'node:crypto';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_LOCALES, ConsoleLocale } from '@astro/console';

/**
 * The console's HTTP plumbing: its cookies, its form tokens, its policy, and its one way to reach
 * the platform, the public API itself (in process, through Fastify's inject), so the console has
 * no private endpoint and no privilege the API does not give the same customer session.
 */

export const SESSION_COOKIE = 'astro_console_session';
export const LANGUAGE_COOKIE = 'astro_console_lang';

/**
 * The policy of every console page: its own script and stylesheet only (no inline script or
 * style), forms and frames to itself, never framed by another site.
 */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'";

export function cookiesOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) {
      const name = part.slice(0, at).trim();
      const value = part.slice(at + 1).trim();
      if (/^[A-Za-z0-9_-]{1,200}$/.test(value)) out[name] = value;
    }
  }
  return out;
}

/** A cookie of the console: HttpOnly (no script reads it), SameSite=Strict (no other site sends it), Secure over HTTPS. */
export function setCookie(reply: FastifyReply, request: FastifyRequest, name: string, value: string, maxAgeSeconds: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const cookie = `${name}=${value}; Path=/console; HttpOnly; SameSite=Strict; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${secure}`;
  const previous = reply.getHeader('set-cookie');
  const all = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  void reply.header('set-cookie', [...all, cookie]);
}

/**
 * The form token of a session: a keyed hash of the session token, which only this server and the
 * HttpOnly cookie know. A cross-site form cannot know it; SameSite=Strict and the Origin check
 * (sameOrigin) stop the same attack twice more.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('astro-console-form').digest('base64url');
}

export function csrfMatches(sessionToken: string, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A state-changing request must come from a page of this origin, as the browser says: its Origin
 * header, or, where a referrer policy made the browser send `Origin: null`, its
 * `Sec-Fetch-Site: same-origin` (a header no page can set). Anything else is refused.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin === `${request.protocol}://${request.host}`;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

export function localeOf(request: FastifyRequest): ConsoleLocale {
  const chosen = cookiesOf(request)[LANGUAGE_COOKIE];
  if ((CONSOLE_LOCALES as readonly string[]).includes(chosen)) return chosen as ConsoleLocale;
  return /^\s*th\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'th' : 'en';
}

/** A console page back to a browser: HTML under the console's policy, never cached (it shows account data). */
export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return (
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', CONSOLE_CSP)
      .header('Cache-Control', 'no-store')
      // Same-origin requests carry the Origin header the form check reads; other sites learn nothing.
      .header('Referrer-Policy', 'same-origin')
      .send(page)
  );
}

/** Only a path of the console may be a place to return to (never another site, never `//host`). */
export function consoleReturnPath(next: unknown): string {
  return typeof next === 'string' && /^\/console(\/[A-Za-z0-9_./-]*)?(\?[A-Za-z0-9_.~%&=+-]*)?$/.test(next) && !next.includes('..')
    ? next
    : '/console/overview';
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/** What the API answered with its error envelope: the console shows the message as text. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The public API, called in process with a customer session's bearer token and the browser's own
 * address (login throttling and logs see the real client). Every call passes through the same
 * admission, rate limits and validation as any client's.
 */
export class ConsoleApi {
  constructor(
    private readonly fastify: FastifyInstance,
    private readonly token: string | null,
    private readonly clientAddress: string,
  ) {}

  async call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    body?: unknown,
    raw?: { bytes: Buffer; contentType: string },
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (raw) headers['content-type'] = raw.contentType;
    const response = await this.fastify.inject({
      method,
      url,
      headers,
      payload: raw ? raw.bytes : body === undefined ? undefined : JSON.stringify(body),
      remoteAddress: this.clientAddress,
    });
    const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return {
      status: response.statusCode,
      body: (json && response.body ? JSON.parse(response.body) : undefined) as T,
      text: response.body,
      headers: response.headers,
    };
  }

  /** A call that must succeed: its body, or an ApiRefusal with the API's own message. */
  async expect<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, body?: unknown): Promise<T> {
    const answer = await this.call<T & { message?: string }>(method, url, body);
    if (answer.status >= 400) throw new ApiRefusal(answer.status, answer.body?.message ?? `HTTP ${answer.status}`);
    return answer.body;
  }
}
