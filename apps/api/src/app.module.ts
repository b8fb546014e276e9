import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { ChineseKoreanModule } from './chinese-korean/chinese-korean.module';
import { Admission } from './auth/admission';
import { CreditsService } from './credits/credits.service';
import { CulturalIntelligenceModule } from './cultural-intelligence/cultural-intelligence.module';
import { DeliveryModule } from './delivery/delivery.module';
import { DeveloperModule } from './developer/developer.module';
import { HoroscopesModule } from './horoscopes/horoscopes.module';
import { RoutePipelineModule } from './http/route-pipeline.module';
import { JobsModule } from './jobs/jobs.module';
import { Platform, PlatformModule } from './platform/platform';
import { PlatformRoutesModule } from './platform/platform-routes.module';
import { ReportsModule } from './reports/reports.module';
import { TarotNumerologyModule } from './tarot-numerology/tarot-numerology.module';
import { ThaiModule } from './thai/thai.module';
import { UranianModule } from './uranian/uranian.module';
import { VedicModule } from './vedic/vedic.module';
import { VisualReadingsModule } from './visual-readings/visual-readings.module';
import { WesternModule } from './western/western.module';

/** One module per area of the API, each with its route classes and their services. */
const FEATURE_MODULES = [
  PlatformRoutesModule,
  JobsModule,
  AccountsModule,
  AdminModule,
  WesternModule,
  VedicModule,
  ThaiModule,
  ChineseKoreanModule,
  HoroscopesModule,
  TarotNumerologyModule,
  UranianModule,
  ReportsModule,
  VisualReadingsModule,
  DeliveryModule,
  DeveloperModule,
  CulturalIntelligenceModule,
];

/**
 * The API: the platform's parts (each its own provider), the request pipeline and the feature
 * modules. create-app finds every route class among the providers (DiscoveryModule) and serves
 * each of its @Route methods through serveRoute.
 */
@Module({})
export class AppModule {
  static forPlatform(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.of(platform),
        DiscoveryModule,
        // The pipeline's admission (auth/) and charge (credits/) steps, given to it here: http/ imports no area.
        RoutePipelineModule.with({ admission: Admission, charges: CreditsService, ephemerisPath: platform.config.ephemerisPath }),
        ...FEATURE_MODULES,
      ],
    };
  }
}
