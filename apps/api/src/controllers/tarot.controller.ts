import { Body, Controller, Param, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES, TarotCard, TarotReading } from '@astro/contracts';
import { cardById, DECK, tarotReading } from '@astro/tarot';
import { notFound } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { CalculationController } from './calculation-controller';

@Controller()
export class TarotController extends CalculationController {
  @Endpoint(ROUTES.tarotReading)
  reading(@Req() request: FastifyRequest, @Body() body: unknown): Promise<TarotReading> {
    return this.calculate(request, ROUTES.tarotReading, body, (input) =>
      tarotReading({
        spread: input.spread,
        question: input.question,
        locale: input.locale,
        allowReversed: input.allow_reversed,
        seed: input.seed,
      }),
    );
  }

  @Endpoint(ROUTES.tarotCards)
  cards() {
    return { deck: 'rider_waite_smith' as const, count: DECK.length, cards: DECK };
  }

  @Endpoint(ROUTES.tarotCard)
  card(@Param() params: unknown): TarotCard {
    const { id } = parseInput(ROUTES.tarotCard.params, params, 'path');
    const card = cardById(id);
    if (!card) throw notFound(`tarot card ${id}`);
    return card;
  }
}
