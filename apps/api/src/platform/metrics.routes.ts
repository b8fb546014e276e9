import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { Call, Route } from '../http/route';
import { ApiMetrics } from '../metrics/api-metrics';

/** Prometheus scrapes this replica here, with an operator key (the AccessGuard checks it: auth 'operator'). */
@Injectable()
export class MetricsRoutes {
  constructor(private readonly apiMetrics: ApiMetrics) {}

  @Route(ROUTES.metrics)
  async metrics({ reply }: Call<typeof ROUTES.metrics>): Promise<string> {
    const { registry } = this.apiMetrics;
    void reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  }
}
