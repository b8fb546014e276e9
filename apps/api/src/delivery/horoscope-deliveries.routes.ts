import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { HoroscopeDeliveriesService } from './horoscope-deliveries.service';
import { Call, Route } from '../http/route';

/** Scheduled horoscope delivery (Customer delivery tag). */
@Injectable()
export class HoroscopeDeliveriesRoutes {
  constructor(private readonly horoscopes: HoroscopeDeliveriesService) {}

  @Route(ROUTES.createHoroscopeDelivery)
  async create({ caller, body }: Call<typeof ROUTES.createHoroscopeDelivery>) {
    return this.horoscopes.create(caller, body);
  }

  @Route(ROUTES.listHoroscopeDeliveries)
  async list({ caller, query }: Call<typeof ROUTES.listHoroscopeDeliveries>) {
    return this.horoscopes.list(caller, query);
  }

  @Route(ROUTES.getHoroscopeDelivery)
  async get({ caller, params: { id } }: Call<typeof ROUTES.getHoroscopeDelivery>) {
    return this.horoscopes.get(caller, id);
  }

  @Route(ROUTES.updateHoroscopeDelivery)
  async update({ caller, body, params: { id } }: Call<typeof ROUTES.updateHoroscopeDelivery>) {
    return this.horoscopes.update(caller, id, body);
  }

  @Route(ROUTES.deleteHoroscopeDelivery)
  async remove({ caller, params: { id } }: Call<typeof ROUTES.deleteHoroscopeDelivery>) {
    await this.horoscopes.remove(caller, id);
  }
}
