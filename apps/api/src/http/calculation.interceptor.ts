import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { CalculationBasis, calculationBasis, RouteSpec } from '@astro/contracts';
import { Platform, PLATFORM } from '../platform';
import { ROUTE_SPEC } from './birth-offsets.interceptor';
import { parsedEarlier } from './validation';

/**
 * Every successful JSON answer of a calculation route (a RouteSpec with `calculation`) says how it
 * was computed: `calculation`, built by the one function of the contracts (calculationBasis) from
 * the route's descriptor and the request. The OpenAPI document adds the field to the same routes.
 */
@Injectable()
export class CalculationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<RouteSpec | undefined>(ROUTE_SPEC, context.getHandler());
    if (!spec?.calculation || !spec.success.schema || spec.success.contentType) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return next.handle().pipe(map((answer) => withCalculation(spec, request, answer, this.platform.config.ephemerisPath)));
  }
}

/**
 * The answer with its `calculation` (a JSON object answer of a calculation route; anything else as
 * it is). Shared by the interceptor and the direct Fastify routes (direct-endpoint.ts).
 */
export function withCalculation(spec: RouteSpec, request: FastifyRequest, answer: unknown, ephemerisPath: string): unknown {
  if (!spec.calculation || !spec.success.schema || spec.success.contentType) return answer;
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer) || Buffer.isBuffer(answer)) return answer;
  // The handler already validated the body: its parsed form has the defaults and resolved offsets.
  const parsed = spec.body && (parsedEarlier(spec.body, request.body) ?? spec.body.safeParse(request.body));
  const body = parsed?.data ?? request.body;
  let basis: CalculationBasis;
  try {
    basis = calculationBasis(spec.calculation, spec.body, { body, query: request.query, params: request.params, answer }, ephemerisPath);
  } catch {
    // Never fails an answer already computed and charged (its instants were checked by the handler).
    return answer;
  }
  return { ...(answer as object), calculation: basis };
}
