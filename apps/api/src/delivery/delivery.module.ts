import { Module } from '@nestjs/common';
import { DeliveryPlatform } from './delivery-platform';
import { HoroscopeDeliveriesRoutes } from './horoscope-deliveries.routes';
import { HoroscopeDeliveriesService } from './horoscope-deliveries.service';
import { SubscriptionsService } from './subscriptions.service';

/** Webhook subscriptions (the report and reading deliveries use them) and scheduled horoscopes. */
@Module({
  providers: [DeliveryPlatform, HoroscopeDeliveriesRoutes, HoroscopeDeliveriesService, SubscriptionsService],
  exports: [SubscriptionsService],
})
export class DeliveryModule {}
