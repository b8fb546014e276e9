import { Module } from '@nestjs/common';
import { ThaiRoutes } from './thai.routes';

/** Thai astrology. */
@Module({
  providers: [ThaiRoutes],
})
export class ThaiModule {}
