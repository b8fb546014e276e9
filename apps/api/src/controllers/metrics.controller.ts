import { Controller, Inject, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { Platform, PLATFORM } from '../platform';

/** Prometheus scrapes this replica here, with an operator key (the AccessGuard checks it: auth 'operator'). */
@Controller()
export class MetricsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Endpoint(ROUTES.metrics)
  async metrics(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { registry } = this.platform.metrics;
    void reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  }
}
