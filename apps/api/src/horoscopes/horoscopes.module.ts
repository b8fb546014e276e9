import { Module } from '@nestjs/common';
import { HoroscopesRoutes } from './horoscopes.routes';
import { HoroscopesService } from './horoscopes.service';

/** Published sign horoscopes and personal ones. */
@Module({
  providers: [HoroscopesRoutes, HoroscopesService],
})
export class HoroscopesModule {}
