import { DynamicModule, Module } from '@nestjs/common';
import { AccountController } from './controllers/account.controller';
import { JobsController } from './controllers/jobs.controller';
import { PlanetsController } from './controllers/planets.controller';
import { PlatformController } from './controllers/platform.controller';
import { WesternController } from './controllers/western.controller';
import { ReportsController } from './controllers/reports.controller';
import { BrandProfilesController } from './controllers/brand-profiles.controller';
import { SajuController } from './controllers/saju.controller';
import { NumerologyController } from './controllers/numerology.controller';
import { UranianController } from './controllers/uranian.controller';
import { TarotController } from './controllers/tarot.controller';
import { PlacesController } from './controllers/places.controller';
import { HoroscopesController } from './controllers/horoscopes.controller';
import { ChineseController } from './controllers/chinese.controller';
import { ThaiController } from './controllers/thai.controller';
import { VedicController } from './controllers/vedic.controller';
import { ReportWebhooksController } from './controllers/report-webhooks.controller';
import { VisualReadingDeliveriesController } from './controllers/visual-reading-deliveries.controller';
import { HoroscopeDeliveriesController } from './controllers/horoscope-deliveries.controller';
import { SubscriptionsService } from './delivery/subscriptions.service';
import { HoroscopeDeliveriesService } from './delivery/horoscope-deliveries.service';
import { VisualUploadsController } from './controllers/visual-uploads.controller';
import { VisualJobsController } from './controllers/visual-jobs.controller';
import { CreditsService } from './credits.service';
import { AdminFinanceController } from './controllers/admin-finance.controller';
import { ApiKeysController } from './controllers/api-keys.controller';
import { DeveloperController } from './controllers/developer.controller';
import { VisualEconomicsController } from './controllers/visual-economics.controller';
import { MetricsController } from './controllers/metrics.controller';
import { DeveloperService } from './developer/developer.service';
import { CulturalIntelligenceController } from './cultural-intelligence/cultural-intelligence.controller';
import { CiProfilesController, CiTeamsController } from './cultural-intelligence/org-resource.controller';
import { CulturalIntelligenceService } from './cultural-intelligence/cultural-intelligence.service';
import { JobQueueService } from './jobs/job-queue.service';
import { AccountService } from './accounts/account.service';
import { BrandProfilesService } from './accounts/brand-profiles.service';
import { AdminFinanceService } from './finance/admin-finance.service';
import { HealthService } from './health.service';
import { HoroscopesService } from './horoscopes/horoscopes.service';
import { JobsService } from './jobs/jobs.service';
import { ReportJobsService } from './jobs/report-jobs.service';
import { VisualJobsService } from './jobs/visual-jobs.service';
import { VisualUploadsService } from './visual/visual-uploads.service';
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
