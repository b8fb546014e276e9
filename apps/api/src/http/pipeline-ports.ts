import { FastifyReply, FastifyRequest } from 'fastify';
import { PricedOperation, RouteSpec } from '@astro/contracts';
import { Caller } from './caller';
import { IdempotentCall } from './idempotent-calls';

/**
 * The two steps of the pipeline that belong to other areas, as the pipeline sees them: the areas
 * implement them (auth/admission.ts, credits/credits.service.ts) and RoutePipelineModule.with
 * binds them, so http/ imports none of them.
 */

/**
 * Admission of a request to its route: authentication, tier, rate limit and the Idempotency-Key
 * claim. Sets `request.principal` for a route that takes a key or a session, or throws the
 * 401/403/409/429 (or IdempotentReplay). No promise when nothing needs one (the hot routes).
 */
export abstract class RequestAdmission {
  abstract admit(spec: RouteSpec, request: FastifyRequest, reply: FastifyReply): void | Promise<void>;
}

/** The charge of a synchronous priced call, once its answer is built; throws the 402. */
export abstract class CallCharges {
  abstract charge(caller: Caller, operation: PricedOperation, idempotentCall: IdempotentCall | undefined): Promise<void>;
}
