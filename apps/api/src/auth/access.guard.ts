import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyReply, FastifyRequest } from 'fastify';
import { RouteSpec } from '@astro/contracts';
import { ROUTE_SPEC } from '../http/endpoint.decorator';
import { Platform, PLATFORM } from '../platform';
import { admitRequest } from './admission';

/** Authentication, tier entitlement and rate limiting of every Nest route, from its RouteSpec (admitRequest). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const spec = this.reflector.get<RouteSpec | undefined>(ROUTE_SPEC, context.getHandler());
    if (!spec) return true;
    const http = context.switchToHttp();
    await admitRequest(this.platform, spec, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
    return true;
  }
}
