import { Inject, Injectable } from '@nestjs/common';

import { ROUTES } from '@astro/contracts';
import { Platform, PLATFORM } from '../platform';
import { Call, Route } from '../http/route';

/** Prometheus scrapes this replica here, with an operator key (the AccessGuard checks it: auth 'operator'). */
@Injectable()
export class MetricsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Route(ROUTES.metrics)
  async metrics({ reply }: Call<typeof ROUTES.metrics>): Promise<string> {
    const { registry } = this.platform.metrics;
    void reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  }
}
