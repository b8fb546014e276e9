import { Module } from '@nestjs/common';
import { ChineseRoutes } from './chinese.routes';
import { SajuRoutes } from './saju.routes';

/** BaZi, Qi Men Dun Jia and Korean saju. */
@Module({
  providers: [ChineseRoutes, SajuRoutes],
})
export class ChineseKoreanModule {}
