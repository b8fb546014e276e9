import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { HoroscopeDeliveriesService } from '../delivery/horoscope-deliveries.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** Scheduled horoscope delivery (Customer delivery tag). */
@Controller()
export class HoroscopeDeliveriesController {
  constructor(private readonly horoscopes: HoroscopeDeliveriesService) {}

  @Endpoint(ROUTES.createHoroscopeDelivery)
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.horoscopes.create(request.principal!, String(request.id), parseInput(ROUTES.createHoroscopeDelivery.body, body, 'body'));
  }

  @Endpoint(ROUTES.listHoroscopeDeliveries)
  async list(@Req() request: FastifyRequest, @Query() query: unknown) {
    return this.horoscopes.list(request.principal!, parseInput(ROUTES.listHoroscopeDeliveries.query, query, 'query'));
  }

  @Endpoint(ROUTES.getHoroscopeDelivery)
  async get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.horoscopes.get(request.principal!, id);
  }

  @Endpoint(ROUTES.updateHoroscopeDelivery)
  async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    return this.horoscopes.update(
      request.principal!,
      String(request.id),
      id,
      parseInput(ROUTES.updateHoroscopeDelivery.body, body, 'body'),
    );
  }

  @Endpoint(ROUTES.deleteHoroscopeDelivery)
  async remove(@Req() request: FastifyRequest, @Param('id') id: string) {
    await this.horoscopes.remove(request.principal!, String(request.id), id);
  }
}
