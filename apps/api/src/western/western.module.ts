import { Module } from '@nestjs/common';
import { PlanetsRoutes } from './planets.routes';
import { WesternRoutes } from './western.routes';

/** Western astrology: planets, natal charts and what is built on them. */
@Module({
  providers: [WesternRoutes, PlanetsRoutes],
})
export class WesternModule {}
