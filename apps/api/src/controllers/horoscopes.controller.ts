import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { PersonalHoroscope, PublishedHoroscope, ROUTES } from '@astro/contracts';
import { Period, periodStart } from '@astro/horoscopes';
import { horoscopeFor } from '@astro/western';
import { checkFlatBirth } from '../http/input-checks';
import { HoroscopesService } from '../horoscopes/horoscopes.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { CalculationController } from './calculation-controller';

const today = () => new Date().toISOString().slice(0, 10);

@Controller()
export class HoroscopesController extends CalculationController {
  // Injected as a property: the constructor is CalculationController's.
  @Inject(HoroscopesService) private readonly horoscopes!: HoroscopesService;

  @Endpoint(ROUTES.horoscopeForPeriod)
  forPeriod(@Req() request: FastifyRequest, @Param() params: unknown, @Query() query: unknown): Promise<PublishedHoroscope> {
    const { sign, period } = parseInput(ROUTES.horoscopeForPeriod.params, params, 'path');
    const q = parseInput(ROUTES.horoscopeForPeriod.query, query, 'query');
    return this.computeThenCharge(request, ROUTES.horoscopeForPeriod.operation, () =>
      this.horoscopes.forPeriod(sign, period, q.date ?? today(), q),
    );
  }

  @Endpoint(ROUTES.horoscopeRange)
  range(@Req() request: FastifyRequest, @Param() params: unknown, @Query() query: unknown) {
    const { sign } = parseInput(ROUTES.horoscopeRange.params, params, 'path');
    const q = parseInput(ROUTES.horoscopeRange.query, query, 'query');
    return this.computeThenCharge(request, ROUTES.horoscopeRange.operation, () => this.horoscopes.range(sign, q));
  }

  @Endpoint(ROUTES.horoscopePersonal)
  personal(@Req() request: FastifyRequest, @Body() body: unknown): Promise<PersonalHoroscope> {
    return this.calculate(request, ROUTES.horoscopePersonal, body, (input) => {
      const instant = checkFlatBirth(input);
      const period: Period = input.period;
      const horoscope = horoscopeFor(
        { kind: 'natal', instant, latitude: input.latitude, longitude: input.longitude, name: input.name },
        {
          cadence: period,
          startDate: periodStart(period, input.period_date ?? today()),
          timezoneOffsetMinutes: input.timezoneOffsetMinutes,
        },
        input.locale,
        this.ephemerisPath,
        input.safety_mode,
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
        moon_sign: horoscope.moon_sign,
        disclaimer: horoscope.disclaimer,
        method: horoscope.method,
      };
    });
  }
}
