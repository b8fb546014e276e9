import { Controller } from '@nestjs/common';
import { pricingDocument, ROUTES } from '@astro/contracts';
import { HealthService } from '../health.service';
import { Endpoint } from '../http/endpoint.decorator';

@Controller()
export class PlatformController {
  constructor(private readonly healthChecks: HealthService) {}

  @Endpoint(ROUTES.health)
  async health() {
    return this.healthChecks.health();
  }

  @Endpoint(ROUTES.pricing)
  pricing() {
    return pricingDocument();
  }
}
