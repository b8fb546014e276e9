import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { RouteSpec } from '@astro/contracts';

export const ROUTE_SPEC = Symbol('route-spec');

/** Binds a controller method to its RouteSpec: method, path, status code and access policy. */
export function Endpoint(spec: RouteSpec): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: spec.path.replace(/\{(\w+)\}/g, ':$1'), method: RequestMethod[spec.method] }),
    HttpCode(spec.success.status),
    SetMetadata(ROUTE_SPEC, spec),
  );
}
