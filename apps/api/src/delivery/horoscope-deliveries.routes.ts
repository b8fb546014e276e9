import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { HoroscopeDeliveriesService } from './horoscope-deliveries.service';
import { Call, Route } from '../http/route';
import { eventMetadataOf } from '../http/request-ids';

/** Scheduled horoscope delivery (Customer delivery tag). */
@Injectable()
export class HoroscopeDeliveriesRoutes {
  constructor(private readonly horoscopes: HoroscopeDeliveriesService) {}

  @Route(ROUTES.createHoroscopeDelivery)
  async create({ request, body }: Call<typeof ROUTES.createHoroscopeDelivery>) {
    return this.horoscopes.create(request.principal!, eventMetadataOf(request), body);
  }

  @Route(ROUTES.listHoroscopeDeliveries)
  async list({ request, query }: Call<typeof ROUTES.listHoroscopeDeliveries>) {
    return this.horoscopes.list(request.principal!, query);
  }

  @Route(ROUTES.getHoroscopeDelivery)
  async get({ request, params: { id } }: Call<typeof ROUTES.getHoroscopeDelivery>) {
    return this.horoscopes.get(request.principal!, id);
  }

  @Route(ROUTES.updateHoroscopeDelivery)
  async update({ request, body, params: { id } }: Call<typeof ROUTES.updateHoroscopeDelivery>) {
    return this.horoscopes.update(request.principal!, eventMetadataOf(request), id, body);
  }

  @Route(ROUTES.deleteHoroscopeDelivery)
  async remove({ request, params: { id } }: Call<typeof ROUTES.deleteHoroscopeDelivery>) {
    await this.horoscopes.remove(request.principal!, eventMetadataOf(request), id);
  }
}
