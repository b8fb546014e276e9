import { Module } from '@nestjs/common';
import { VedicRoutes } from './vedic.routes';

/** Vedic astrology. */
@Module({
  providers: [VedicRoutes],
})
export class VedicModule {}
