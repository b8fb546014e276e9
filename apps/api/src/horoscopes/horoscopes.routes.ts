import { Inject, Injectable } from '@nestjs/common';
import { PersonalHoroscope, PublishedHoroscope, ROUTES } from '@astro/contracts';
import { birthOf } from '@astro/ephemeris';
import { Period, periodStart } from '@astro/horoscopes';
import { horoscopeFor } from '@astro/western';
import { HoroscopesService } from './horoscopes.service';
import { Call, Route } from '../http/route';
import { EPHEMERIS_PATH } from '../platform/platform';

const today = () => new Date().toISOString().slice(0, 10);

@Injectable()
export class HoroscopesRoutes {
  constructor(
    @Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string,
    private readonly horoscopes: HoroscopesService,
  ) {}

  @Route(ROUTES.horoscopeForPeriod)
  forPeriod({ params, query }: Call<typeof ROUTES.horoscopeForPeriod>): Promise<PublishedHoroscope> {
    const { sign, period } = params;
    const q = query;
    return this.horoscopes.forPeriod(sign, period, q.date ?? today(), q);
  }

  @Route(ROUTES.horoscopeRange)
  range({ params, query }: Call<typeof ROUTES.horoscopeRange>) {
    const { sign } = params;
    const q = query;
    return this.horoscopes.range(sign, q);
  }

  @Route(ROUTES.horoscopePersonal)
  personal({ body: input }: Call<typeof ROUTES.horoscopePersonal>): PersonalHoroscope {
    const period: Period = input.period;
    const horoscope = horoscopeFor(
      { kind: 'natal', birth: birthOf(input), name: input.name },
      {
        cadence: period,
        startDate: periodStart(period, input.period_date ?? today()),
        timezoneOffsetMinutes: input.timezoneOffsetMinutes,
      },
      input.locale,
      this.ephemerisPath,
      { safety_mode: input.safety_mode },
    );
    return {
      period,
      period_start: horoscope.period.start,
      period_end: horoscope.period.end,
      sun_sign: horoscope.sun_sign!,
      locale: horoscope.locale,
      title: horoscope.title,
      text: horoscope.text,
      transits: horoscope.transits,
      events: horoscope.events,
      moon_sign: horoscope.moon_sign,
      disclaimer: horoscope.disclaimer,
      method: horoscope.method,
    };
  }
}
