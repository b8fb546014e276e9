import { Body, Controller, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { auspiciousTiming, yamAtthakan, almanacMonth, mahaThaksa, mahaThaksaSvg, describeCivilDate, holyDaysOfYear } from '@astro/thai';
import { checkMahaThaksa, checkThaiCivilDate } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { CalculationController } from './calculation-controller';

/** The `Thai Astrology` tag. */
@Controller()
export class ThaiController extends CalculationController {
  @Endpoint(ROUTES.thaiLunarDate)
  lunarDate(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.thaiLunarDate, body, (input) => describeCivilDate(input.date));
  }

  @Endpoint(ROUTES.thaiCivilDate)
  civilDate(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.thaiCivilDate, body, (input) => describeCivilDate(checkThaiCivilDate(input)));
  }

  @Endpoint(ROUTES.thaiHolyDays)
  holyDays(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.thaiHolyDays, body, (input) => holyDaysOfYear(input.year));
  }

  @Endpoint(ROUTES.thaiAlmanac)
  almanac(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.thaiAlmanac, body, (input) => almanacMonth(input.year, input.month));
  }

  @Endpoint(ROUTES.thaiMahaThaksa)
  mahaThaksa(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.thaiMahaThaksa, body, (input) => {
      const wheel = mahaThaksa({ date: input.date, time: input.time }, checkMahaThaksa(input));
      return { ...wheel, svg: mahaThaksaSvg(wheel) };
    });
  }

  @Endpoint(ROUTES.thaiYamAtthakan)
  yam(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.thaiYamAtthakan, body, (input) => {
      const days = [];
      for (let t = Date.parse(input.start_date); t <= Date.parse(input.end_date); t += 86_400_000) {
        days.push(yamAtthakan(new Date(t).toISOString().slice(0, 10), input, this.ephemerisPath));
      }
      return { days };
    });
  }

  @Endpoint(ROUTES.thaiAuspiciousTiming)
  auspiciousTiming(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.thaiAuspiciousTiming, body, (input) =>
      auspiciousTiming(
        { start_date: input.start_date, end_date: input.end_date, place: input, activity: input.activity, birth: input.birth },
        this.ephemerisPath,
      ),
    );
  }
}
