import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { PersonalHoroscope, PublishedHoroscope, ROUTES, ZODIAC_SIGNS } from '@astro/contracts';
import { daysBetween, HoroscopePublisher, Period, periodStart, Publication, PublicationKey } from '@astro/horoscopes';
import { horoscopeFor } from '@astro/western';
import { CreditsService } from '../credits.service';
import { checkFlatBirth } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

const today = () => new Date().toISOString().slice(0, 10);
const signOfSlug = (slug: string) => ZODIAC_SIGNS.find((s) => s.toLowerCase() === slug)!;

function view(key: PublicationKey, publication: Publication): PublishedHoroscope {
  const c = publication.content;
  return {
    sign: key.sign,
    period: key.period,
    period_start: key.periodStart,
    period_end: c.period.end,
    tone: c.tone,
    safety_mode: c.safety_mode,
    locale: c.locale,
    title: c.title,
    text: c.text,
    transits: c.transits,
    moon_sign: c.moon_sign,
    disclaimer: c.disclaimer,
    method: c.method,
    published_at: publication.published_at,
  };
}

@Controller()
export class HoroscopesController {
  private readonly publisher: HoroscopePublisher;

  constructor(@Inject(PLATFORM) private readonly platform: Platform, private readonly credits: CreditsService) {
    this.publisher = new HoroscopePublisher(platform.db, platform.config.ephemerisPath);
  }

  @Endpoint(ROUTES.horoscopeForPeriod)
  async forPeriod(@Req() request: FastifyRequest, @Param() params: unknown, @Query() query: unknown): Promise<PublishedHoroscope> {
    const { sign, period } = parseInput(ROUTES.horoscopeForPeriod.params, params, 'path');
    const q = parseInput(ROUTES.horoscopeForPeriod.query, query, 'query');
    const key: PublicationKey = {
      sign: signOfSlug(sign),
      period,
      periodStart: periodStart(period, q.date ?? today()),
      locale: q.locale,
      voice: { tone: q.tone, safety_mode: q.safety_mode },
    };
    const publication = await this.publisher.getOrPublish(key);
    await this.credits.charge(request, 'horoscope_published');
    return view(key, publication);
  }

  @Endpoint(ROUTES.horoscopeRange)
  async range(@Req() request: FastifyRequest, @Param() params: unknown, @Query() query: unknown) {
    const { sign } = parseInput(ROUTES.horoscopeRange.params, params, 'path');
    const q = parseInput(ROUTES.horoscopeRange.query, query, 'query');
    const days: PublishedHoroscope[] = [];
    for (const day of daysBetween(q.from, q.to)) {
      const key: PublicationKey = { sign: signOfSlug(sign), period: 'daily', periodStart: day, locale: q.locale, voice: { tone: q.tone, safety_mode: q.safety_mode } };
      days.push(view(key, await this.publisher.getOrPublish(key)));
    }
    await this.credits.charge(request, 'horoscope_range');
    return { sign: signOfSlug(sign), from: q.from, to: q.to, days };
  }

  @Endpoint(ROUTES.horoscopePersonal)
  async personal(@Req() request: FastifyRequest, @Body() body: unknown): Promise<PersonalHoroscope> {
    const input = parseInput(ROUTES.horoscopePersonal.body, body, 'body');
    const instant = checkFlatBirth(input);
    const period: Period = input.period;
    const horoscope = horoscopeFor(
      { kind: 'natal', instant, latitude: input.latitude, longitude: input.longitude, name: input.name },
      { cadence: period, startDate: periodStart(period, input.period_date ?? today()), timezoneOffsetMinutes: input.timezoneOffsetMinutes },
      input.locale,
      this.platform.config.ephemerisPath,
    );
    await this.credits.charge(request, 'horoscope_personal');
    return {
      period,
      period_start: horoscope.period.start,
      period_end: horoscope.period.end,
      sun_sign: horoscope.sun_sign!,
      locale: horoscope.locale,
      title: horoscope.title,
      text: horoscope.text,
      transits: horoscope.transits,
      moon_sign: horoscope.moon_sign,
      disclaimer: horoscope.disclaimer,
      method: horoscope.method,
    };
  }
}
