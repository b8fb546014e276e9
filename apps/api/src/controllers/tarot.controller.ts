import { Body, Controller, Param, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES, TarotCard, TarotReading } from '@astro/contracts';
import { cardById, DECK, tarotReading } from '@astro/tarot';
import { CreditsService } from '../credits.service';
import { notFound } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

@Controller()
export class TarotController {
  constructor(private readonly credits: CreditsService) {}

  @Endpoint(ROUTES.tarotReading)
  async reading(@Req() request: FastifyRequest, @Body() body: unknown): Promise<TarotReading> {
    const input = parseInput(ROUTES.tarotReading.body, body, 'body');
    const reading = tarotReading({
      spread: input.spread,
      question: input.question,
      locale: input.locale,
      allowReversed: input.allow_reversed,
      seed: input.seed,
    });
    await this.credits.charge(request, 'tarot_reading');
    return reading;
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
