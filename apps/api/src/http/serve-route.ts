import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RouteSpec } from '@astro/contracts';
import { buildAnswer } from './answer';
import { Caller, callerOf } from './caller';
import { toErrorResponse } from './error-response';
import { logUnexpected } from './exception.filter';
import { IdempotentReplay, replayAnswer } from './idempotent-calls';
import { CallCharges, RequestAdmission } from './pipeline-ports';
import { CheckContext, ParsedInput, RouteBinding } from './route';
import { TenantSlots } from './tenant-slots';
import { parseRequest, RequestParts } from './validation';

/** The injection token of the ephemeris files' directory the answers' calculation echo names (RoutePipelineModule.with). */
export const ANSWER_EPHEMERIS_PATH = Symbol('answer-ephemeris-path');

/**
 * The one hallway every request walks: admission (authentication, tier, rate limit, idempotency
 * key) → parse (the route's schemas; a birth subject becomes a range-checked instant with its
 * offsets inside the parse) → check (the route's own) → compute → answer (the calculation, birth
 * offsets and places echoes, answer.ts) → charge (a synchronous priced route, only once its answer
 * is built: a failed request costs nothing) → send. Errors leave in one envelope (error-response.ts). Routes are plain
 * Fastify routes: Nest builds the route classes (dependency injection) but is not on the path.
 */
@Injectable()
export class RoutePipeline {
  private readonly bindings = new Map<RouteSpec, RouteBinding>();

  constructor(
    private readonly db: Database,
    @Inject(ANSWER_EPHEMERIS_PATH) private readonly ephemerisPath: string,
    private readonly admission: RequestAdmission,
    private readonly charges: CallCharges,
    private readonly freeWork: TenantSlots,
  ) {}

  /** Registers every binding on Fastify, each served by serveRoute. */
  register(fastify: FastifyInstance, bindings: RouteBinding[]): void {
    for (const binding of bindings) {
      if (this.bindings.has(binding.spec)) throw new Error(`${binding.spec.operationId}: bound twice`);
      this.bindings.set(binding.spec, binding);
      fastify.route({
        method: binding.spec.method,
        url: binding.spec.path.replace(/\{(\w+)\}/g, ':$1'),
        handler: this.serveRoute(binding),
      });
    }
  }

  /** The Fastify handler of one route. */
  serveRoute(binding: RouteBinding): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
    const { spec, check, compute } = binding;
    // A synchronous priced route is charged here; a queued one (202) is charged when its job is queued.
    const charged = spec.operation !== undefined && spec.success.status !== 202 ? spec.operation : undefined;
    return async (request, reply) => {
      try {
        // Admission, checks and computes answer without a promise on the hot routes: no await of a value.
        const admitted = this.admission.admit(spec, request, reply);
        if (admitted instanceof Promise) await admitted;
        const caller = callerOf(request.principal, String(request.id), request.clientRequestId);
        const input = parseRequest(spec, request);
        let checked = check?.(input, this.checkContext(caller));
        if (checked instanceof Promise) checked = await checked;
        // Spelled out rather than spread: this object is made on every request.
        let answer = compute({ params: input.params, query: input.query, body: input.body, caller, request, reply, checked });
        if (answer instanceof Promise) answer = await answer;
        if (reply.sent) return reply;
        const built = buildAnswer(spec, input, request.body, answer, this.ephemerisPath);
        // A priced route takes a key (its contract says so), so admission gave the call a caller.
        if (charged) await this.charges.charge(caller!, charged, request.idempotentCall);
        return reply.code(spec.success.status).send(built);
      } catch (err) {
        if (err instanceof IdempotentReplay) return reply.send(replayAnswer(reply, err.answer));
        const response = toErrorResponse(err, String(request.id), logUnexpected);
        // A compute may have set its answer's media type (an SVG) before the charge failed.
        void reply.removeHeader('Content-Type');
        return reply.status(response.status).headers(response.headers).send(response.body);
      }
    };
  }

  /**
   * A dry run of a route's input handling (the developer preflight): the same parse and the same
   * check as serveRoute, so it throws exactly what the route would answer.
   */
  async dryRun(spec: RouteSpec, parts: RequestParts, ctx: Omit<CheckContext, 'dryRun' | 'freeWork'>): Promise<void> {
    const binding = this.bindings.get(spec);
    if (!binding) throw new Error(`${spec.operationId}: no route bound`);
    const input: ParsedInput = parseRequest(spec, parts);
    if (binding.check) await binding.check(input, { ...ctx, dryRun: true, freeWork: this.freeWork });
  }

  private checkContext(caller: Caller | undefined): CheckContext {
    return { db: this.db, accountId: caller?.accountId ?? '', dryRun: false, freeWork: this.freeWork };
  }
}
