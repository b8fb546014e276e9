import { Injectable, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencySeal } from '@astro/codec';
import { RouteSpec, tierAdmits } from '@astro/contracts';
import { ApiError, unauthorized } from '../http/api-error';
import { Principal } from '../http/caller';
import { claimIdempotentCall, takesIdempotentCalls } from '../http/idempotent-calls';
import { RequestAdmission } from '../http/pipeline-ports';
import { Database } from '@astro/database';
import { ApiMetrics } from '../metrics/api-metrics';
import { Authenticator } from './authenticator';
import { RateLimitDecision, RateLimiter } from './rate-limiter';
import { requireOperatorKey } from './operator-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** this request's rate-limit decision (its headers), for the developer preflight's headroom */
    rateLimit?: RateLimitDecision;
  }
}

/** The credential and the header it came in: API keys may use either header, session tokens only Authorization. */
function credentialOf(request: FastifyRequest): { value: string; header: 'authorization' | 'x-api-key' } | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? { value: match[1], header: 'authorization' } : null;
  }
  const apiKey = request.headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey.length > 0 ? { value: apiKey.trim(), header: 'x-api-key' } : null;
}

/**
 * An admin route's operator key: in its own header, X-Operator-Key (the document's `operatorKey`
 * scheme, so a generated client never confuses it with a customer session's bearer token), or as
 * `Authorization: Bearer ok_live_…`.
 */
function operatorCredentialOf(request: FastifyRequest): string | null {
  const header = request.headers['x-operator-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  return credentialOf(request)?.value ?? null;
}

const logger = new Logger('rate-limit');

/** The limiter's store is down: serve the request rather than fail every customer. */
function limiterUnavailable(err: unknown): RateLimitDecision {
  logger.warn(`rate limiter unavailable, request allowed: ${(err as Error).message}`);
  return { allowed: true, headers: {} };
}

/** The first step of every request's hallway (serveRoute): who calls, and may they. */
@Injectable()
export class Admission implements RequestAdmission {
  constructor(
    private readonly db: Database,
    private readonly authenticator: Authenticator,
    private readonly rateLimiter: RateLimiter,
    private readonly metrics: ApiMetrics,
    private readonly idempotencySeal: IdempotencySeal,
  ) {}

  /**
   * Authentication, tier entitlement and rate limiting of one request, from its route's RouteSpec:
   * sets `request.principal` and the rate-limit headers, or throws the 401/403/429. A cached key, the
   * in-process rate-limit store and no Idempotency-Key answer without a promise: the hot routes
   * spare the awaits (each promise also runs the async-context hooks of the Temporal client).
   */
  admit(spec: RouteSpec, request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
    if (spec.auth === 'none' || spec.auth === 'signed_url') return;
    if (spec.auth === 'operator') {
      const operatorKey = operatorCredentialOf(request);
      if (!operatorKey || operatorKey.length > 512) throw unauthorized();
      return requireOperatorKey(this.db, operatorKey).then(() => void reply.header('Cache-Control', 'no-store'));
    }
    const credential = credentialOf(request);
    if (!credential || credential.value.length > 512) throw unauthorized();
    const principal = this.authenticator.authenticate(credential.value);
    return principal instanceof Promise
      ? principal.then((found) => this.admitPrincipal(spec, request, reply, credential.header, found))
      : this.admitPrincipal(spec, request, reply, credential.header, principal);
  }

  private admitPrincipal(
    spec: RouteSpec,
    request: FastifyRequest,
    reply: FastifyReply,
    header: 'authorization' | 'x-api-key',
    principal: Principal | null,
  ): void | Promise<void> {
    if (!principal) throw unauthorized();
    if (principal.kind === 'session' && header !== 'authorization') {
      throw unauthorized('a session token is accepted only as Authorization: Bearer ses_…, never in X-API-Key');
    }
    if (spec.auth === 'api_key' && principal.kind !== 'api_key') {
      throw unauthorized('this endpoint takes an API key (Authorization: Bearer ak_live_… or X-API-Key), not a session token');
    }
    if (spec.auth === 'session' && principal.kind !== 'session') {
      throw unauthorized('this endpoint takes a customer session token from POST /v1/sessions, not an API key');
    }
    if (spec.minTier && !tierAdmits(principal.tier, spec.minTier)) {
      throw new ApiError(403, `this endpoint requires the ${spec.minTier} tier or higher; the account is on ${principal.tier}`);
    }
    let hit: RateLimitDecision | Promise<RateLimitDecision>;
    try {
      hit = this.rateLimiter.hit(principal.subjectId, principal.tier);
    } catch (err) {
      hit = limiterUnavailable(err);
    }
    return hit instanceof Promise
      ? hit.catch(limiterUnavailable).then((decision) => this.admitDecision(spec, request, reply, principal, decision))
      : this.admitDecision(spec, request, reply, principal, hit);
  }

  private admitDecision(
    spec: RouteSpec,
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    decision: RateLimitDecision,
  ): void | Promise<void> {
    void reply.headers(decision.headers);
    // An authenticated answer is the account's own data: never stored by a shared cache.
    void reply.header('Cache-Control', 'no-store');
    // Every answer to a key or session says whose mode it is in (test keys: false).
    void reply.header('Livemode', principal.livemode ? 'true' : 'false');
    if (!decision.allowed) {
      this.metrics.rateLimitRefusals.inc({ tier: principal.tier });
      throw new ApiError(
        429,
        `rate limit of the ${principal.tier} tier exceeded; retry after ${decision.headers['Retry-After']} s`,
        decision.headers,
      );
    }
    request.principal = principal;
    request.rateLimit = decision;
    // Only a charged call with the header costs a query here (the hot routes without a key pay nothing).
    if (request.headers['idempotency-key'] !== undefined && takesIdempotentCalls(spec))
      return claimIdempotentCall(this.db, this.idempotencySeal, request);
  }
}
