import { AuthMode, RouteSpec, Tier } from '@astro/contracts';

/** Who is calling: an API key or a customer session, and the account both act for. */
export interface Principal {
  kind: 'api_key' | 'session';
  accountId: string;
  tier: Tier;
  /** api key id or customer user id: the unit of rate limiting and the event `actor`. */
  subjectId: string;
  /**
   * false for a test key (ak_test_…): its calls are answered like live ones but charge nothing, and
   * what it makes (jobs, subscriptions, deliveries) is of test mode, invisible to live keys and the reverse.
   */
  livemode: boolean;
}

export const actorOf = (p: Principal) => (p.kind === 'api_key' ? `key:${p.subjectId}` : `user:${p.subjectId}`);

declare module 'fastify' {
  interface FastifyRequest {
    /** who admission let in (a key or a session); the pipeline hands it on as the call's Caller */
    principal?: Principal;
  }
}

/**
 * Who makes one call of a route that takes a key or a session: the principal admission let in (its
 * account, tier and key mode, `livemode`), the request's id and the caller's own id beside it, and
 * the `actor` its events name. Built once per call by serveRoute; route methods and services read
 * it instead of the HTTP request.
 */
export interface Caller extends Principal {
  /** our id of the request (`req_…`), the `request_id` of its events and error envelope */
  requestId: string;
  /** the caller's own X-Request-Id, when it sent a well-formed one */
  clientRequestId: string | undefined;
  /** `key:<id>` or `user:<id>`: who the request's events say acted */
  actor: string;
}

/** The auth modes admission answers with a principal. */
export type CallerAuth = 'api_key' | 'session' | 'api_key_or_session';
const CALLER_AUTHS: readonly AuthMode[] = ['api_key', 'session', 'api_key_or_session'] satisfies CallerAuth[];

/** The caller of a route with the auth mode A: a Caller for a key or a session, none for an open, signed-URL or operator route. */
export type CallerFor<A extends AuthMode> = A extends CallerAuth ? Caller : undefined;

/** The caller a call of route R has. */
export type CallerOf<R extends RouteSpec> = CallerFor<R['auth']>;

/**
 * A route looked up by name (a family's table, whose type names no auth mode), checked once at
 * start-up to take a key or a session: its calls are typed with a Caller.
 */
export function takingCaller<R extends RouteSpec>(spec: R): R & { auth: CallerAuth } {
  if (!CALLER_AUTHS.includes(spec.auth)) throw new Error(`${spec.operationId}: takes no key or session (auth ${spec.auth})`);
  return spec as R & { auth: CallerAuth };
}

/** The caller of a request admission let in with a principal, or undefined (an open, signed-URL or operator route). */
export function callerOf(principal: Principal | undefined, requestId: string, clientRequestId: string | undefined): Caller | undefined {
  if (principal === undefined) return undefined;
  // One literal of a fixed shape: made on every authenticated call.
  return {
    kind: principal.kind,
    accountId: principal.accountId,
    tier: principal.tier,
    subjectId: principal.subjectId,
    livemode: principal.livemode,
    requestId,
    clientRequestId,
    actor: actorOf(principal),
  };
}
