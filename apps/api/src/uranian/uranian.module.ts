import { Module } from '@nestjs/common';
import { UranianRoutes } from './uranian.routes';

/** Uranian astrology. */
@Module({
  providers: [UranianRoutes],
})
export class UranianModule {}
