import { Injectable } from '@nestjs/common';
import { pricingDocument, ROUTES } from '@astro/contracts';
import { HealthService } from './health.service';
import { Call, Route } from '../http/route';

@Injectable()
export class PlatformRoutes {
  constructor(private readonly healthChecks: HealthService) {}

  @Route(ROUTES.health)
  async health(_call: Call<typeof ROUTES.health>) {
    return this.healthChecks.health();
  }

  @Route(ROUTES.pricing)
  pricing(_call: Call<typeof ROUTES.pricing>) {
    return pricingDocument();
  }
}
