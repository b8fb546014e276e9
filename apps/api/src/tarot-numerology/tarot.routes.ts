import { Injectable } from '@nestjs/common';
import { ROUTES, TarotCard, TarotReading } from '@astro/contracts';
import { tarotReadingSvg } from '@astro/rendering';
import { cardById, DECK, tarotReading } from '@astro/tarot';
import { notFound } from '../http/api-error';
import { Call, Route } from '../http/route';

@Injectable()
export class TarotRoutes {
  @Route(ROUTES.tarotReading)
  reading({ body: input }: Call<typeof ROUTES.tarotReading>): TarotReading {
    const reading = tarotReading({
      spread: input.spread,
      question: input.question,
      locale: input.locale,
      allowReversed: input.allow_reversed,
      seed: input.seed,
    });
    return input.include_svg ? { ...reading, svg: tarotReadingSvg(reading, { locale: input.locale }) } : reading;
  }

  @Route(ROUTES.tarotCards)
  cards(_call: Call<typeof ROUTES.tarotCards>) {
    return { deck: 'rider_waite_smith' as const, count: DECK.length, cards: DECK };
  }

  @Route(ROUTES.tarotCard)
  card({ params }: Call<typeof ROUTES.tarotCard>): TarotCard {
    const { id } = params;
    const card = cardById(id);
    if (!card) throw notFound(`tarot card ${id}`);
    return card;
  }
}
