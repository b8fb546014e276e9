import { DynamicModule, Module } from '@nestjs/common';
import { AccountController } from './accounts/account.controller';
import { JobsController } from './core/jobs.controller';
import { PlanetsController } from './western/planets.controller';
import { PlatformController } from './core/platform.controller';
import { WesternController } from './western/western.controller';
import { ReportsController } from './reports/reports.controller';
import { BrandProfilesController } from './accounts/brand-profiles.controller';
import { SajuController } from './chinese-korean/saju.controller';
import { NumerologyController } from './tarot-numerology/numerology.controller';
import { UranianController } from './uranian/uranian.controller';
import { TarotController } from './tarot-numerology/tarot.controller';
import { PlacesController } from './core/places.controller';
import { HoroscopesController } from './horoscopes/horoscopes.controller';
import { ChineseController } from './chinese-korean/chinese.controller';
import { ThaiController } from './thai/thai.controller';
import { VedicController } from './vedic/vedic.controller';
import { ReportWebhooksController } from './reports/report-webhooks.controller';
import { VisualReadingDeliveriesController } from './visual-readings/visual-reading-deliveries.controller';
import { HoroscopeDeliveriesController } from './delivery/horoscope-deliveries.controller';
import { SubscriptionsService } from './delivery/subscriptions.service';
import { HoroscopeDeliveriesService } from './delivery/horoscope-deliveries.service';
import { VisualUploadsController } from './visual-readings/visual-uploads.controller';
import { VisualJobsController } from './visual-readings/visual-jobs.controller';
import { CreditsService } from './core/credits.service';
import { AdminFinanceController } from './admin/admin-finance.controller';
import { ApiKeysController } from './accounts/api-keys.controller';
import { DeveloperController } from './developer/developer.controller';
import { VisualEconomicsController } from './visual-readings/visual-economics.controller';
import { MetricsController } from './core/metrics.controller';
import { DeveloperService } from './developer/developer.service';
import { CulturalIntelligenceController } from './cultural-intelligence/cultural-intelligence.controller';
import { CiProfilesController, CiTeamsController } from './cultural-intelligence/org-resource.controller';
import { CulturalIntelligenceService } from './cultural-intelligence/cultural-intelligence.service';
import { JobQueueService } from './core/job-queue.service';
import { AccountService } from './accounts/account.service';
import { BrandProfilesService } from './accounts/brand-profiles.service';
import { AdminFinanceService } from './admin/admin-finance.service';
import { HealthService } from './core/health.service';
import { HoroscopesService } from './horoscopes/horoscopes.service';
import { JobsService } from './core/jobs.service';
import { ReportJobsService } from './reports/report-jobs.service';
import { VisualJobsService } from './visual-readings/visual-jobs.service';
import { VisualUploadsService } from './visual-readings/visual-uploads.service';
import { RoutePipeline } from './http/serve-route';
import { Platform, PLATFORM } from './platform';

/** Every route class of the API: create-app serves each @Route method of theirs through serveRoute. */
export const ROUTE_CLASSES = [
  PlatformController,
  AccountController,
  PlanetsController,
  JobsController,
  WesternController,
  ReportsController,
  BrandProfilesController,
  SajuController,
  ChineseController,
  ThaiController,
  NumerologyController,
  UranianController,
  TarotController,
  PlacesController,
  HoroscopesController,
  VedicController,
  ReportWebhooksController,
  VisualReadingDeliveriesController,
  HoroscopeDeliveriesController,
  VisualUploadsController,
  VisualJobsController,
  CulturalIntelligenceController,
  CiProfilesController,
  CiTeamsController,
  AdminFinanceController,
  ApiKeysController,
  DeveloperController,
  VisualEconomicsController,
  MetricsController,
];

@Module({})
export class AppModule {
  static forPlatform(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      providers: [
        { provide: PLATFORM, useValue: platform },
        RoutePipeline,
        ...ROUTE_CLASSES,
        CreditsService,
        JobQueueService,
        SubscriptionsService,
        HoroscopeDeliveriesService,
        CulturalIntelligenceService,
        DeveloperService,
        // One service a controller calls per request: controllers never reach the database themselves.
        HealthService,
        AccountService,
        BrandProfilesService,
        JobsService,
        ReportJobsService,
        VisualJobsService,
        VisualUploadsService,
        HoroscopesService,
        AdminFinanceService,
      ],
    };
  }
}
