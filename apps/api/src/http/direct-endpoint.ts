import { SetMetadata, Type } from '@nestjs/common';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { birthSubjectPaths, RouteSpec } from '@astro/contracts';
import { admitRequest } from '../auth/admission';
import { Platform } from '../platform';
import { toErrorResponse } from './error-response';
import { IdempotentReplay, replayAnswer } from './idempotent-calls';
import { logUnexpected } from './exception.filter';

const DIRECT_ROUTE = Symbol('direct-route');

/** A handler served straight from Fastify: it reads what it needs from the request. */
export type DirectHandler = (request: FastifyRequest) => Promise<unknown>;

/**
 * Marks a controller method as served by a plain Fastify route instead of Nest's router:
 * for the hottest synchronous calculations, Nest's per-request pipeline (execution context, guard
 * and parameter resolution, exception zone) is a measurable share of the request. The request gets
 * the same treatment: the global hooks (security headers, URL and input hygiene, metrics), the
 * same admission (admitRequest), the handler's own validation and charge, and errors in the same
 * envelope. Only for routes without birth subjects: those answers are extended by a Nest interceptor.
 */
export function DirectEndpoint(spec: RouteSpec): MethodDecorator {
  if (spec.body && birthSubjectPaths(spec.body).length > 0) throw new Error(`${spec.operationId}: routes with birth subjects stay on Nest`);
  return SetMetadata(DIRECT_ROUTE, spec);
}

/** Registers every @DirectEndpoint method of the controllers on Fastify; call before Nest registers its own routes. */
export function registerDirectRoutes(fastify: FastifyInstance, platform: Platform, controllers: { type: Type; instance: object }[]): void {
  for (const { type, instance } of controllers) {
    for (const name of Object.getOwnPropertyNames(type.prototype)) {
      // Read the descriptor, not the property: a getter on the prototype must not run here.
      const method = Object.getOwnPropertyDescriptor(type.prototype, name)?.value;
      const spec: RouteSpec | undefined = typeof method === 'function' ? Reflect.getMetadata(DIRECT_ROUTE, method) : undefined;
      if (!spec) continue;
      const handler = (method as DirectHandler).bind(instance);
      fastify.route({
        method: spec.method,
        url: spec.path.replace(/\{(\w+)\}/g, ':$1'),
        handler: (request, reply) => serve(platform, spec, handler, request, reply),
      });
    }
  }
}

async function serve(platform: Platform, spec: RouteSpec, handler: DirectHandler, request: FastifyRequest, reply: FastifyReply) {
  try {
    await admitRequest(platform, spec, request, reply);
    const result = await handler(request);
    void reply.code(spec.success.status);
    return result;
  } catch (err) {
    if (err instanceof IdempotentReplay) return replayAnswer(reply, err.answer);
    const response = toErrorResponse(err, String(request.id), logUnexpected);
    void reply.status(response.status).headers(response.headers);
    return response.body;
  }
}
