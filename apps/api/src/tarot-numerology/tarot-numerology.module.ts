import { Module } from '@nestjs/common';
import { NumerologyRoutes } from './numerology.routes';
import { TarotRoutes } from './tarot.routes';

/** Tarot draws and numerology. */
@Module({
  providers: [NumerologyRoutes, TarotRoutes],
})
export class TarotNumerologyModule {}
