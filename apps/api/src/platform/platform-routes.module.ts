import { Module } from '@nestjs/common';
import { HealthService } from './health.service';
import { MetricsRoutes } from './metrics.routes';
import { PlacesRoutes } from './places.routes';
import { PlatformRoutes } from './platform.routes';

/** The platform's own routes: health, pricing, the place search and the Prometheus metrics. */
@Module({
  providers: [PlatformRoutes, PlacesRoutes, MetricsRoutes, HealthService],
})
export class PlatformRoutesModule {}
