import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata, UseInterceptors } from '@nestjs/common';
import { birthSubjectPaths, RouteSpec } from '@astro/contracts';
import { BirthOffsetsInterceptor, ROUTE_SPEC } from './birth-offsets.interceptor';
import { CalculationInterceptor } from './calculation.interceptor';

export { ROUTE_SPEC };

/**
 * Binds a controller method to its RouteSpec: method, path, status code and access policy. Routes
 * whose body has birth subjects also answer the offsets used (BirthOffsetsInterceptor); only those
 * get the interceptor, because a Nest interceptor costs every request it wraps (an rxjs pipeline
 * and async-context bindings), measurable on the hot synchronous routes.
 */
export function Endpoint(spec: RouteSpec): MethodDecorator {
  const answersBirthOffsets = spec.body !== undefined && spec.success.schema !== undefined && birthSubjectPaths(spec.body).length > 0;
  return applyDecorators(
    RequestMapping({ path: spec.path.replace(/\{(\w+)\}/g, ':$1'), method: RequestMethod[spec.method] }),
    HttpCode(spec.success.status),
    SetMetadata(ROUTE_SPEC, spec),
    ...(answersBirthOffsets ? [UseInterceptors(BirthOffsetsInterceptor)] : []),
    // Calculation routes answer how they computed (zodiac, ayanamsa, houses, nodes, ephemeris, ΔT).
    ...(spec.calculation ? [UseInterceptors(CalculationInterceptor)] : []),
  );
}
