import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { birthPlaces, birthSubjectPaths, birthUtcOffsets, RouteSpec } from '@astro/contracts';

/** The metadata key of a handler's RouteSpec (set by @Endpoint). */
export const ROUTE_SPEC = Symbol('route-spec');

/**
 * Every successful JSON answer of a route whose body has birth subjects says which UTC offset each
 * one was computed with (`birth_utc_offsets`), whether it came from `timezone` or from
 * `timezoneOffsetMinutes`, and which place (`birth_places`): the one named by `place`, or the
 * nearest to the coordinates sent. One place for all tags; the OpenAPI document adds the fields
 * to the same routes (libs/contracts/src/openapi.ts).
 */
@Injectable()
export class BirthOffsetsInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Bound by @Endpoint only to routes whose body has birth subjects (the route spec is set beside it).
    const spec = this.reflector.get<RouteSpec | undefined>(ROUTE_SPEC, context.getHandler());
    if (!spec?.body || !spec.success.schema || birthSubjectPaths(spec.body).length === 0) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return next
      .handle()
      .pipe(
        map((result) =>
          result !== null && typeof result === 'object' && !Array.isArray(result) && !Buffer.isBuffer(result)
            ? { ...(result as object), birth_utc_offsets: offsetsOf(spec, request.body), birth_places: placesOf(spec, request.body) }
            : result,
        ),
      );
  }
}

/** Never fails an answer already computed and charged: a body it cannot read gives an empty list. */
function offsetsOf(spec: RouteSpec, body: unknown) {
  try {
    return birthUtcOffsets(spec.body!, body);
  } catch {
    return [];
  }
}

/** Never fails an answer already computed and charged: a body it cannot read gives an empty list. */
function placesOf(spec: RouteSpec, body: unknown) {
  try {
    return birthPlaces(spec.body!, body);
  } catch {
    return [];
  }
}
